# syntax=docker/dockerfile:1
# The base image of both stages; the tests build over a locally made stand-in of it.
ARG NODE_IMAGE=node:24-slim
# The image of the release this one replaces (docs/operations.md, "Upgrades"): its public files stay
# served by this one, so that a page of either release loads every script and stylesheet it names while
# both run. Unset for the first release.
ARG PREVIOUS_IMAGE=scratch

# Build: the production bundles, then the folder of what the server runs (scripts/assemble-runtime.ts:
# its compiled modules, the bundles and assets, and `npm ci --omit=dev` of package.json's dependencies,
# from this stage's npm cache; no build tooling, tests or sources of the browser code).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
# The commit, for the metric website_build_info (scripts/finish-build.ts): this stage has no .git.
ARG REVISION=""
RUN npm run build && node scripts/assemble-runtime.ts /runtime

# The sample CMS (sample-cms/: content API and register API), for Compose (`--target sample-cms`): Node 24
# runs its TypeScript as it is; its image libraries are development packages, which the build stage has.
FROM build AS sample-cms
USER node
ENV CONTENT_SERVICE_HOST=0.0.0.0 CONTENT_SERVICE_PORT=4000
EXPOSE 4000
CMD ["node", "sample-cms/main.ts"]

# The public files of the releases before: those of the previous image (its own and the ones it kept),
# none from `scratch`.
FROM ${PREVIOUS_IMAGE} AS previous-release
FROM ${NODE_IMAGE} AS previous-assets
# Named in this stage so that a layer cache keys the copy on the previous image (name it by its version).
ARG PREVIOUS_IMAGE
RUN --mount=type=bind,from=previous-release,target=/previous \
    mkdir /assets /shared-assets && if [ -d /previous/app/dist/client ]; then cp -a /previous/app/dist/client/. /assets/; fi

# Run: Node 24 runs the compiled server (dist/node/, scripts/build-server.ts); React is inside the bundles.
FROM ${NODE_IMAGE}
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
# The allocator settings (MALLOC_*): server/config/memory-settings.ts.
ENV NODE_ENV=production PORT=3000 MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
# The public files of the releases before (they accumulate), then this release's folder over them.
COPY --from=previous-assets /assets ./dist/client
COPY --from=build /runtime ./
# Where Compose mounts the volume of SHARED_ASSETS_DIR: a new volume takes this folder's owner, the image's user.
COPY --from=previous-assets --chown=node:node /shared-assets /var/lib/architectenregister/assets
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=8", "server/main.js"]
