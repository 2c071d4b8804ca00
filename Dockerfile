# syntax=docker/dockerfile:1
# Build: the production bundles, then the folder of what the server runs (scripts/assemble-runtime.ts:
# its modules, the packages they load, the bundles and assets; no build tooling, tests or sources of
# the browser code).
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && node scripts/assemble-runtime.ts /runtime

# Run: Node 24 runs the compiled server (dist/node/, scripts/build-server.ts); React is inside the bundles.
FROM node:24-slim
# Set by the release (docs/operations.md, "Container"): the source repository, the version, the commit and
# the build id (the same as the one built here, since a build of the same sources has the same id).
ARG SOURCE=""
ARG VERSION=""
ARG REVISION=""
ARG BUILD_ID=""
LABEL org.opencontainers.image.title="Architectenregister website" \
      org.opencontainers.image.description="Public website of the Dutch register of architects" \
      org.opencontainers.image.source="${SOURCE}" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      nl.architectenregister.build-id="${BUILD_ID}"
# The allocator settings (MALLOC_*): server/memory-settings.ts.
ENV NODE_ENV=production PORT=3000 MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY --from=build /runtime ./
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=8", "server/main.js"]
