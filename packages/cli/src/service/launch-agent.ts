import { commandLine, refuseUnsafe, type WatchLaunch } from './launch';

/** The LaunchAgent's label, reverse-DNS as launchd wants it; the plist file is named after it. */
export const LAUNCH_AGENT_LABEL = 'org.clipsync.watch';

/** Text in an XML element: the five characters XML gives a meaning escaped. */
export function xmlText(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * The LaunchAgent that runs `clipsync watch` at log-in (RunAtLoad) and again after a failure (KeepAlive on an
 * unsuccessful exit only: Ctrl-C or `launchctl bootout` ends it for good). Its output goes to a log in
 * ~/Library/Logs. Paths only: the token stays in the config file.
 */
export function launchAgentPlist(launch: WatchLaunch, logPath: string): string {
  const command = commandLine(launch);
  refuseUnsafe([...command, logPath]);
  const strings = command.map((argument) => `    <string>${xmlText(argument)}</string>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>Label</key>
  <string>${LAUNCH_AGENT_LABEL}</string>
  <key>ProgramArguments</key>
  <array>
${strings}
  </array>
  <key>RunAtLoad</key>
  <true/>
  <key>KeepAlive</key>
  <dict>
    <key>SuccessfulExit</key>
    <false/>
  </dict>
  <key>ThrottleInterval</key>
  <integer>10</integer>
  <key>ProcessType</key>
  <string>Interactive</string>
  <key>StandardOutPath</key>
  <string>${xmlText(logPath)}</string>
  <key>StandardErrorPath</key>
  <string>${xmlText(logPath)}</string>
</dict>
</plist>
`;
}
