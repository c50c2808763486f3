; Inno Setup script for the Windows installer. Built by .github/workflows/ci.yml (after the tests pass) on windows-latest
; from the PyInstaller one-dir output (build\dist\gpuplanner); not built or tested on the Linux dev machines.
#define AppVersion GetEnv("GPUPLANNER_VERSION")

[Setup]
AppId={{6E7C6B8E-4B5E-4D0A-9C41-2B1B7A0C9F10}
AppName=GPU Planner
AppVersion={#AppVersion}
AppPublisher=GPU Planner team
DefaultDirName={autopf}\GPU Planner
DefaultGroupName=GPU Planner
OutputDir=..\..\build
OutputBaseFilename=gpuplanner-{#AppVersion}-setup
Compression=lzma2
SolidCompression=yes
ArchitecturesInstallIn64BitMode=x64compatible
LicenseFile=..\..\LICENSE
; User data lives in %APPDATA%\gpuplanner and is never touched by install, upgrade or uninstall.

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
Name: "chinesesimplified"; MessagesFile: "compiler:Languages\ChineseSimplified.isl"

[Files]
Source: "..\..\build\dist\gpuplanner\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\GPU Planner"; Filename: "{app}\gpuplanner.exe"; Parameters: "gui"
Name: "{autodesktop}\GPU Planner"; Filename: "{app}\gpuplanner.exe"; Parameters: "gui"; Tasks: desktopicon

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"

[Run]
Filename: "{app}\gpuplanner.exe"; Parameters: "--smoke-test"; Flags: runhidden; StatusMsg: "Checking the installation..."
