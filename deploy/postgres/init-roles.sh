#!/bin/sh
# Runs once, on the first start of an empty data volume (the postgres image's
# /docker-entrypoint-initdb.d). Two roles, as the README's Security section describes:
#   portal_owner  owns the database `portal`; the API's migrations run as it (DATABASE_MIGRATION_URL);
#   portal_api    owns nothing; the API processes run as it (DATABASE_URL) and get, at every start,
#                 read and write on the tables but only INSERT and SELECT on audit_log.
set -eu
: "${PORTAL_OWNER_PASSWORD:?set PORTAL_OWNER_PASSWORD}"
: "${PORTAL_API_PASSWORD:?set PORTAL_API_PASSWORD}"
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v owner_password="$PORTAL_OWNER_PASSWORD" -v api_password="$PORTAL_API_PASSWORD" <<'SQL'
create role portal_owner login password :'owner_password';
create role portal_api login password :'api_password';
create database portal owner portal_owner;
revoke all on database portal from public;
grant connect, temporary on database portal to portal_api;
SQL
# PostgreSQL 15+: the public schema belongs to the database owner; nobody else may create in it.
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname portal <<'SQL'
revoke create on schema public from public;
grant usage on schema public to portal_api;
SQL
