#!/bin/sh
# Runs the bundle installed beside this launcher (/usr/bin -> /opt/gpuplanner), wherever the package root is.
here=$(dirname "$(readlink -f "$0")")
exec "$here/../../opt/gpuplanner/gpuplanner" "$@"
