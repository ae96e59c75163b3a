# The site in a container: docs/deploy.md. `npm run check:container` builds and runs it with podman.
# Build: docker build --secret id=env,src=.env -t site .   (the .env holds SITE_URL and the business facts)

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# `npm ci` refuses this lock file (it lacks other platforms' optional packages), so the README's `npm install`.
RUN npm install --no-audit --no-fund
COPY . .
# The .env is mounted for this step only: its facts are baked into the pages, its secrets stay out of every layer.
RUN --mount=type=secret,id=env,target=/app/.env npm run build

FROM node:22-bookworm-slim
# MALLOC_ARENA_MAX: docs/deploy.md, "What every host needs".
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build /app/.output ./.output
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node itself is PID 1 and handles SIGTERM: it finishes requests, closes the database and exits 0.
STOPSIGNAL SIGTERM
CMD ["node", ".output/server/index.mjs"]
