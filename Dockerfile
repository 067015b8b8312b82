# syntax=docker/dockerfile:1
# The City Service Portal as one image: the compiled API (Node 24 LTS, plain JS) serving the built web
# app. Multi-stage: the build stage has the compilers and dev dependencies, the runtime stage only
# the production node_modules and the compiled output, and runs as the unprivileged `node` user.
# Validated here without a Docker engine (see README, Operations): build it where one exists.

# Node 24 LTS: production's runtime (package.json `engines`; the suite runs on the same release,
# tooling/node24). 24.18.1, not the newest 24.x: better-sqlite3 12 built against 24.19+ headers
# aborts when a statement is garbage-collected (tooling/node24/README.md).
ARG NODE_IMAGE=node:24.18.1-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary fits the platform.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# Manifests first: the dependency layer is reused until package-lock.json changes.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
# Not `npm ci`: it refuses this lock file, which lists only the linux builds of unrs-resolver's
# optional bindings (the registry we build against serves no others); `npm install` still installs
# exactly the lock's versions (the same command as .ci/run).
RUN npm install --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json ./
COPY packages/contract packages/contract
COPY apps/api apps/api
COPY apps/web apps/web
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
# Owned by root and read-only for the process; only /app/data (keys, mail files) is writable.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/packages/contract/package.json packages/contract/
COPY --from=build /app/packages/contract/dist packages/contract/dist
COPY --from=build /app/apps/api/package.json apps/api/
# The API's own copies of packages whose version differs from the root's (package-lock.json).
COPY --from=build /app/apps/api/node_modules apps/api/node_modules
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
VOLUME ["/app/data"]
# /healthz: the process is alive and its database answers. A balancer should look at /readyz.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains (answers in flight, WebSockets 1001) and exits within 9 s; compose allows 10 s.
STOPSIGNAL SIGTERM
CMD ["node", "apps/api/dist/main.js"]
