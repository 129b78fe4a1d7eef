; Inno Setup script: a Windows installer around the PyInstaller folder (dist\darkdec\),
; built by .github/workflows/bundles.yml (iscc packaging\darkdec.iss). Written, not yet tried:
; see the README's Install section. Per-user install (no administrator), a Start-menu entry,
; and the two file types (.ddg game, .ddx file-exchange file) opening with "darkdec open".
#define AppVersion GetEnv("DARKDEC_VERSION")
#if AppVersion == ""
  #define AppVersion "0.2.0"
#endif

[Setup]
AppId={{6C0C2B1E-9E55-4C43-9B1B-DA2C0DEC1944}
AppName=Dark December
AppVersion={#AppVersion}
AppPublisher=Dark December contributors
DefaultDirName={autopf}\Dark December
DefaultGroupName=Dark December
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
OutputDir=..\dist
OutputBaseFilename=DarkDecember-{#AppVersion}-setup
SetupIconFile=..\darkdec_qt\resources\icons\darkdec.ico
UninstallDisplayIcon={app}\darkdec.exe
Compression=lzma2
SolidCompression=yes
ChangesAssociations=yes
WizardStyle=modern

[Files]
Source: "..\dist\darkdec\*"; DestDir: "{app}"; Flags: recursesubdirs ignoreversion

[Icons]
Name: "{group}\Dark December"; Filename: "{app}\darkdec.exe"; Parameters: "open"; IconFilename: "{app}\_internal\darkdec_qt\resources\icons\darkdec.ico"
Name: "{group}\Uninstall Dark December"; Filename: "{uninstallexe}"

[Registry]
Root: HKA; Subkey: "Software\Classes\.ddg"; ValueType: string; ValueName: ""; ValueData: "DarkDecember.Game"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\DarkDecember.Game"; ValueType: string; ValueName: ""; ValueData: "Dark December game"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\DarkDecember.Game\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\_internal\darkdec_qt\resources\icons\darkdec.ico"
Root: HKA; Subkey: "Software\Classes\DarkDecember.Game\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\darkdec.exe"" open ""%1"""
Root: HKA; Subkey: "Software\Classes\.ddx"; ValueType: string; ValueName: ""; ValueData: "DarkDecember.Exchange"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\DarkDecember.Exchange"; ValueType: string; ValueName: ""; ValueData: "Dark December file-exchange file"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\DarkDecember.Exchange\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\_internal\darkdec_qt\resources\icons\darkdec.ico"
Root: HKA; Subkey: "Software\Classes\DarkDecember.Exchange\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\darkdec.exe"" open ""%1"""

[Run]
Filename: "{app}\darkdec.exe"; Parameters: "open"; Description: "Start Dark December"; Flags: nowait postinstall skipifsilent
