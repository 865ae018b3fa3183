#!/bin/bash
# Runs once, when the primary's data directory is first initialised (docker-entrypoint-initdb.d):
# lets the replica (infra/compose.yaml, issue 42) connect for streaming replication. The shop's
# own user is a superuser and may replicate; a production deployment gives replication its own
# role with REPLICATION and no other rights.
set -euo pipefail
echo "host replication all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
