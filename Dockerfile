# Production image of the whole shop: one Node process serving storefront (/), back office (/admin),
# API (/api) and Strapi's panel (/cms). Configuration comes from the environment (see docker-compose.yml);
# the image holds no secret and no .env file (.dockerignore), only what `node scripts/start.mjs` needs to run.
# Checked without a container engine by scripts/image-check.mjs (part of `npm run test:production`).

# 1. build: every dependency (dev tooling included) and a C toolchain, to build the four parts.
FROM node:24-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source; the toolchain stays in this stage only.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# The root postinstall builds the shared package, so its sources come with the manifests.
COPY packages/shared/ packages/shared/
COPY packages/icons/package.json packages/icons/
COPY packages/client-kit/package.json packages/client-kit/
COPY cms/package.json cms/
COPY storefront/package.json storefront/
COPY admin-panel/package.json admin-panel/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
# `strapi build` loads the configuration, which would generate development secrets into cms/.env: point it at a
# throwaway file instead, so no generated secret is left even in this build stage.
RUN ENV_PATH=/tmp/build-only.env npm run build && rm -f /tmp/build-only.env

# 2. runtime-deps: the same tree without devDependencies (vite's dev server, vitest, eslint, Playwright, tsup, types…).
FROM build AS runtime-deps
RUN npm prune --omit=dev --no-audit --no-fund

# 3. runtime: Node and the built shop only; no compiler, no sources, no tests; runs as the unprivileged `node` user.
FROM node:24-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    SHOP_SKIP_BUILD=1 \
    HOST=0.0.0.0 \
    PORT=1337 \
    STRAPI_TELEMETRY_DISABLED=true \
    STRAPI_DISABLE_UPDATE_NOTIFICATION=true
COPY --from=runtime-deps /app/package.json /app/package-lock.json ./
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=runtime-deps /app/scripts/start.mjs ./scripts/start.mjs
COPY --from=runtime-deps /app/cms/scripts/serve.mjs ./cms/scripts/serve.mjs
COPY --from=runtime-deps /app/cms/scripts/lib/deferred-modules.mjs ./cms/scripts/lib/deferred-modules.mjs
COPY --from=runtime-deps /app/packages/shared/package.json ./packages/shared/package.json
COPY --from=runtime-deps /app/packages/shared/dist ./packages/shared/dist
COPY --from=runtime-deps /app/cms/package.json /app/cms/tsconfig.json /app/cms/favicon.png ./cms/
COPY --from=runtime-deps /app/cms/dist ./cms/dist
COPY --from=runtime-deps /app/cms/database ./cms/database
COPY --from=runtime-deps /app/cms/public ./cms/public
COPY --from=runtime-deps /app/storefront/dist ./storefront/dist
COPY --from=runtime-deps /app/admin-panel/dist ./admin-panel/dist
# Files stay root-owned (read-only for the app); only uploaded images are written (a volume in docker-compose.yml).
RUN mkdir -p /app/cms/public/uploads && chown -R node:node /app/cms/public/uploads
USER node
EXPOSE 1337
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s CMD node -e "fetch('http://127.0.0.1:1337/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "scripts/start.mjs"]
