#!/bin/bash
# The read replica of infra/compose.yaml (issue 42): on its first start it copies the primary
# with pg_basebackup (-R writes standby.signal and primary_conninfo), then runs as a hot standby
# that streams the primary's WAL. Later starts resume streaming from where it was.
set -euo pipefail
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_basebackup -h postgres -U "$POSTGRES_USER" -D "$PGDATA" -R -X stream -c fast; do
    echo "replica: the primary is not ready for a base backup yet; trying again in 2 s"
    rm -rf "${PGDATA:?}"/*
    sleep 2
  done
  chmod 700 "$PGDATA"
fi
exec postgres -c config_file=/etc/postgresql/postgresql.conf -c hot_standby=on
