# Production image of the whole shop: one Node process serving storefront (/), back office (/admin),
# API (/api) and Strapi's panel (/cms). Configuration comes from the environment (see docker-compose.yml).
FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source; the toolchain stays in this stage only.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY cms/package.json cms/
COPY storefront/package.json storefront/
COPY admin-panel/package.json admin-panel/
COPY e2e/package.json e2e/
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    SHOP_SKIP_BUILD=1 \
    HOST=0.0.0.0 \
    PORT=1337 \
    STRAPI_TELEMETRY_DISABLED=true
COPY --from=build /app /app
RUN mkdir -p /app/cms/public/uploads && chown -R node:node /app/cms/public/uploads
USER node
EXPOSE 1337
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s CMD node -e "fetch('http://127.0.0.1:1337/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "scripts/start.mjs"]
