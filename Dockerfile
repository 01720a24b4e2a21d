# The API image used by compose.yaml: the package and its runtime dependencies at the pinned
# versions of constraints.txt; no embedded servers (compose runs PostgreSQL and Redis).
# `--build-arg ENGINES=compiled` builds the rules compiled with Cython (README, "Compiled
# rules") in a stage that has a C compiler; the image itself never has one, and the default
# (`pure`) never builds that stage.
ARG ENGINES=pure

FROM python:3.13-slim AS rules-pure
WORKDIR /src
COPY domain domain

FROM python:3.13 AS rules-compiled
WORKDIR /src
COPY Makefile constraints.txt ./
COPY domain domain
RUN pip install --no-cache-dir -c constraints.txt Cython \
 && cythonize -i -q -3 -j 2 -X annotation_typing=False $(make -s engine-sources) \
 && find domain -name '*.c' -delete

FROM rules-${ENGINES} AS rules

FROM python:3.13-slim
WORKDIR /src
COPY pyproject.toml constraints.txt ./
COPY api api
COPY --from=rules /src/domain domain
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
