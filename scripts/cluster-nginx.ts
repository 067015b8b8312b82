import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

// The cluster's nginx: its configuration (also read by the tooling tests) and its start.

const run = promisify(execFile);
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

/**
 * The start of an nginx configuration run as an unprivileged process from `dir` (pid, logs and temp
 * files there, in the foreground), up to inside `http {`: what follows is the caller's.
 */
export function nginxPreamble(dir: string, workerConnections: number): string {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections ${workerConnections}; }
http {
  access_log off;
  client_body_temp_path ${dir}/nginx-body;
  proxy_temp_path ${dir}/nginx-proxy;
  fastcgi_temp_path ${dir}/nginx-fastcgi;
  uwsgi_temp_path ${dir}/nginx-uwsgi;
  scgi_temp_path ${dir}/nginx-scgi;`;
}

export function nginxConfig(dir: string, port: number, apiPorts: number[], maxBodyBytes: number): string {
  // In every location: a location with any proxy_set_header of its own inherits none from the server.
  // $http_host keeps the port the client used: the API checks a WebSocket's Origin against it.
  const forwarded = [
    'proxy_set_header Host $http_host;',
    'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
    'proxy_set_header X-Forwarded-Host $http_host;',
    'proxy_set_header X-Request-Id $portal_request_id;',
  ]
    .map((line) => `      ${line}`)
    .join('\n');
  const servers = apiPorts.map((apiPort) => `    server 127.0.0.1:${apiPort} max_fails=1 fail_timeout=2s;`).join('\n');
  return `${nginxPreamble(dir, 4096)}
  upstream portal_api {
    least_conn;
${servers}
    # No keepalive to the processes: a stopping process closes its idle connections, and a POST that
    # nginx sent on one at that moment would be a 502 it may not retry. A new connection per request
    # is refused instead, and nginx passes the request to the next process.
  }
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  # One id follows a request through nginx and the API: the caller's when it follows the API's rule
  # (apps/api/src/plugins/request-id.ts: 1-64 of A-Z a-z 0-9 - _), else nginx's own (32 hex).
  map $http_x_request_id $portal_request_id { default $request_id; "~^[A-Za-z0-9_-]{1,64}$" $http_x_request_id; }
  server {
    listen 127.0.0.1:${port};
    # The largest upload the API takes, with its multipart framing; nginx reads it whole before passing it on.
    client_max_body_size ${maxBodyBytes};
    client_body_buffer_size 1m;
    proxy_request_buffering on;
    proxy_http_version 1.1;
    # A process that refuses the connection (stopping, killed): the request goes to the next one.
    proxy_next_upstream error timeout http_502;
    proxy_connect_timeout 2s;
    location /api/ws {
      proxy_pass http://portal_api;
${forwarded}
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 1h;
    }
    location / {
      proxy_pass http://portal_api;
${forwarded}
      proxy_set_header Connection close;
    }
  }
}
`;
}

export async function startNginx(dir: string, port: number, apiPorts: number[], maxBodyBytes: number): Promise<ChildProcess> {
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(dir, port, apiPorts, maxBodyBytes));
  await run(NGINX, ['-t', '-q', '-p', dir, '-c', conf]);
  const child = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answered = await fetch(`http://127.0.0.1:${port}/healthz`).then((response) => response.status, () => 0);
    if (answered === 200) return child;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start (see ${dir}/nginx-error.log)`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
