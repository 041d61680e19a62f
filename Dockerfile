# syntax=docker/dockerfile:1
# Hordelab as a container image: `hordelab` is the entrypoint, the shipped scenarios are in the
# working directory, and it runs as the unprivileged `node` user.
#
#   docker build -t hordelab .
#   docker run --rm hordelab run scenarios/trainers-first-player.yaml --matches 2000
#   docker run --rm -v "$PWD/out:/results" --user "$(id -u):$(id -g)" hordelab \
#     run scenarios/trainers-first-player.yaml --out /results/first-player
#
# Two stages: the first installs every dependency, compiles the TypeScript and packs the package
# exactly as npm would publish it (package.json "files"); the second holds only that package and
# its production dependencies from the lock file, so no compiler, test or bench code ships.

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /build
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json README.md LICENSE ./
COPY src/ src/
COPY agents/ agents/
COPY bench/ bench/
COPY scenarios/ scenarios/
COPY examples/ examples/
COPY docs/ docs/
# npm pack runs "prepack" (the build), then keeps what "files" lists.
RUN mkdir /build/pack \
 && npm pack --pack-destination /build/pack \
 && mkdir /build/package \
 && tar -xzf /build/pack/hordelab-*.tgz --strip-components=1 -C /build/package \
 && cp package-lock.json /build/package/

FROM ${NODE_IMAGE}
ENV NODE_ENV=production
WORKDIR /hordelab
COPY --from=build /build/package/ ./
# --ignore-scripts: nothing to build here, and no dependency needs an install script.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && npm cache clean --force \
 && chmod 755 dist/src/cli/main.js \
 && ln -s /hordelab/dist/src/cli/main.js /usr/local/bin/hordelab \
 && mkdir -p /hordelab/reports /results \
 && chown node:node /hordelab/reports /results
USER node
ENTRYPOINT ["hordelab"]
CMD ["--help"]
