# The API image used by compose.yaml: the package and its runtime dependencies at the pinned
# versions of constraints.txt; no embedded servers (compose runs PostgreSQL and Redis).
FROM python:3.13-slim
WORKDIR /src
COPY pyproject.toml constraints.txt ./
COPY api api
COPY domain domain
COPY infra infra
COPY projections projections
RUN pip install --no-cache-dir -c constraints.txt pip setuptools \
 && pip install --no-cache-dir -c constraints.txt --no-build-isolation . \
 && cd / && rm -rf /src \
 && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin polis
WORKDIR /app
USER 10001
ENV POLIS_HOST=0.0.0.0 POLIS_PORT=8000 PYTHONUNBUFFERED=1
EXPOSE 8000
CMD ["polis", "serve"]
