# The API image used by compose.yaml: the package and its dependencies, nothing else.
FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml ./
COPY api api
COPY domain domain
COPY infra infra
COPY projections projections
RUN pip install --no-cache-dir .
ENV POLIS_HOST=0.0.0.0 POLIS_PORT=8000
EXPOSE 8000
CMD ["polis", "serve"]
