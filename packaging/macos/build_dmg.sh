#!/usr/bin/env bash
# macOS recipe: wrap the PyInstaller one-dir build in an .app and a .dmg. Run by
# .github/workflows/ci.yml on macos-latest after the tests pass; not built or tested on the Linux dev machines.
set -euo pipefail
cd "$(dirname "$0")/../.."
version=$(.venv-package/bin/python -c "from importlib.metadata import version; print(version('gpuplanner'))")
app="build/GPU Planner.app"
rm -rf "$app"
mkdir -p "$app/Contents/MacOS" "$app/Contents/Resources"
cp -R build/dist/gpuplanner/ "$app/Contents/MacOS/"
cat > "$app/Contents/Info.plist" <<PLIST
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
  <key>CFBundleName</key><string>GPU Planner</string>
  <key>CFBundleIdentifier</key><string>org.gpuplanner.app</string>
  <key>CFBundleVersion</key><string>${version}</string>
  <key>CFBundleShortVersionString</key><string>${version}</string>
  <key>CFBundleExecutable</key><string>gpuplanner</string>
  <key>NSHighResolutionCapable</key><true/>
</dict></plist>
PLIST
"$app/Contents/MacOS/gpuplanner" --smoke-test
hdiutil create -volname "GPU Planner" -srcfolder "$app" -ov -format UDZO "build/gpuplanner-${version}.dmg"
