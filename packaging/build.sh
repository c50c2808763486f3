#!/usr/bin/env bash
# Build the Linux one-dir executable and the .deb, then smoke-test both. Usage: packaging/build.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh run  # the Debian libraries Qt needs, and the app's own venv

venv=.venv-package  # PySide6 only: PyInstaller aborts when two Qt bindings are importable
stamp="$venv/.installed"
lock=requirements/package.lock  # the app's locked versions plus PyInstaller, every one hash-pinned
want=$(cat "$lock" pyproject.toml $(git ls-files gpuplanner) | sha256sum | cut -c1-16)
if [ ! -x "$venv/bin/python" ]; then python3 -m venv "$venv"; fi
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  "$venv/bin/python" -m pip install -q --disable-pip-version-check --require-hashes --no-deps -r "$lock"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check --no-deps --no-build-isolation --force-reinstall .
  echo "$want" > "$stamp"
fi
version=$("$venv/bin/python" -c "from importlib.metadata import version; print(version('gpuplanner'))")
arch=$(dpkg --print-architecture 2>/dev/null || echo amd64)

rm -rf build/dist/gpuplanner
"$venv/bin/pyinstaller" --noconfirm --log-level WARN --distpath build/dist --workpath build/work \
  packaging/gpuplanner.spec
app=build/dist/gpuplanner/gpuplanner

echo "== smoke test of the frozen app"
smoke=$(QT_QPA_PLATFORM=offscreen "$app" --smoke-test)
echo "$smoke"
locked_binding=$(grep -o '^pyside6-essentials==[^ ]*' "$lock" | cut -d= -f3)
case "$smoke" in *"Qt for Python $locked_binding"*) ;;
  *) echo "the frozen app does not carry the locked Qt binding $locked_binding" >&2; exit 1 ;; esac
"$app" demo > /dev/null
"$app" plan packaging/example-scenario.json --pdf build/smoke-sheet.pdf --lang zh_CN > /dev/null

echo "== .deb"
root="build/deb/gpuplanner_${version}_${arch}"
rm -rf "$root"
mkdir -p "$root/DEBIAN" "$root/opt" "$root/usr/bin" "$root/usr/share/applications" \
  "$root/usr/share/icons/hicolor/scalable/apps" "$root/usr/share/doc/gpuplanner"
cp -a build/dist/gpuplanner "$root/opt/gpuplanner"
install -m 0755 packaging/linux/gpuplanner-launcher.sh "$root/usr/bin/gpuplanner"
install -m 0644 packaging/linux/gpuplanner.desktop "$root/usr/share/applications/gpuplanner.desktop"
install -m 0644 resources/icons/gpuplanner.svg "$root/usr/share/icons/hicolor/scalable/apps/gpuplanner.svg"
install -m 0644 LICENSE "$root/usr/share/doc/gpuplanner/copyright"
cp -a resources/licenses "$root/usr/share/doc/gpuplanner/third-party"
size_kib=$(du -sk "$root/opt" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@SIZE@/$size_kib/" packaging/linux/control.in \
  > "$root/DEBIAN/control"
deb="build/gpuplanner_${version}_${arch}.deb"
dpkg-deb --build --root-owner-group "$root" "$deb" > /dev/null

echo "== smoke test of the unpacked .deb"
scratch=$(mktemp -d)
dpkg-deb -x "$deb" "$scratch"
QT_QPA_PLATFORM=offscreen "$scratch/usr/bin/gpuplanner" --smoke-test
"$scratch/usr/bin/gpuplanner" demo > /dev/null
test -s "$scratch/usr/share/doc/gpuplanner/copyright" && test -s "$scratch/opt/gpuplanner/_internal/resources/licenses/third-party.json"
"$scratch/usr/bin/gpuplanner" plan packaging/example-scenario.json --pdf "$scratch/sheet.pdf" > /dev/null
echo "== upgrade check (user data outside the install, bundled catalog read-only)"
reinstall=$(mktemp -d)
dpkg-deb -x "$deb" "$reinstall"
.venv/bin/python packaging/check_upgrade.py "$scratch/opt/gpuplanner/gpuplanner" "$reinstall/usr/bin/gpuplanner"
rm -rf "$scratch" "$reinstall"
echo "built $app and $deb ($(du -sh build/dist/gpuplanner | cut -f1) unpacked, $(du -h "$deb" | cut -f1) .deb)"
