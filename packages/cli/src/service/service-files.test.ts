import { describe, expect, test } from 'vitest';
import { launchAgentPlist, xmlText } from './launch-agent';
import { scheduledTaskXml, windowsArgument } from './scheduled-task';

const launch = {
  node: '/usr/local/bin/node',
  script: '/Users/ann/Tools & more/<clipsync>/bin/clipsync.mjs',
  args: ['watch', '--service'],
};

describe('the macOS LaunchAgent', () => {
  const plist = launchAgentPlist(launch, '/Users/ann/Library/Logs/clipsync-watch.log');

  test('names its label, runs the command as a list of strings (XML-escaped), at load, again after a failure', () => {
    expect(plist).toContain('<key>Label</key>\n  <string>org.clipsync.watch</string>');
    expect(plist).toContain(
      '<key>ProgramArguments</key>\n  <array>\n    <string>/usr/local/bin/node</string>\n' +
        '    <string>/Users/ann/Tools &#38; more/&#60;clipsync&#62;/bin/clipsync.mjs</string>\n' +
        '    <string>watch</string>\n    <string>--service</string>\n  </array>',
    );
    expect(plist).toContain('<key>RunAtLoad</key>\n  <true/>');
    expect(plist).toContain('<key>KeepAlive</key>\n  <dict>\n    <key>SuccessfulExit</key>\n    <false/>');
    expect(plist).toContain(
      '<key>StandardErrorPath</key>\n  <string>/Users/ann/Library/Logs/clipsync-watch.log</string>',
    );
  });

  test('is well-formed: every element it opens is closed', () => {
    const tags = [...plist.matchAll(/<(\/?)(\w+)[^>]*?(\/?)>/g)].filter((tag) => tag[3] !== '/');
    const open: string[] = [];
    for (const [, closing, name] of tags) {
      if (closing) expect(open.pop()).toBe(name);
      else open.push(name!);
    }
    expect(open).toEqual([]);
  });

  test('escapes what XML gives a meaning', () => {
    expect(xmlText(`a&b<c>"d'`)).toBe('a&#38;b&#60;c&#62;&#34;d&#39;');
  });
});

describe('the Windows Scheduled Task', () => {
  const windowsLaunch = {
    node: 'C:\\Program Files\\nodejs\\node.exe',
    script: 'C:\\Users\\Ann\\AppData\\Roaming\\npm\\node_modules\\@clipsync\\cli\\bin\\clipsync.mjs',
    args: ['watch', '--service', '--config-home', 'D:\\My Config\\'],
  };
  const xml = scheduledTaskXml(windowsLaunch, 'DESK\\ann');

  test('starts at log-on of the user, in their session, without time limit, restarted after a failure', () => {
    expect(xml).toContain('<LogonTrigger>\n      <Enabled>true</Enabled>\n      <UserId>DESK\\ann</UserId>');
    expect(xml).toContain('<LogonType>InteractiveToken</LogonType>\n      <RunLevel>LeastPrivilege</RunLevel>');
    expect(xml).toContain('<ExecutionTimeLimit>PT0S</ExecutionTimeLimit>');
    expect(xml).toContain('<RestartOnFailure>');
    expect(xml).toContain('<Command>C:\\Program Files\\nodejs\\node.exe</Command>');
    // The folder ending in a backslash keeps it, doubled before the closing quote.
    expect(xml).toContain(
      `<Arguments>${windowsLaunch.script} watch --service --config-home &#34;D:\\My Config\\\\&#34;</Arguments>`,
    );
  });

  test('quotes arguments as CommandLineToArgvW splits them', () => {
    expect(windowsArgument('plain')).toBe('plain');
    expect(windowsArgument('')).toBe('""');
    expect(windowsArgument('a b')).toBe('"a b"');
    expect(windowsArgument('say "hi"')).toBe('"say \\"hi\\""');
    expect(windowsArgument('C:\\a b\\')).toBe('"C:\\a b\\\\"');
    expect(windowsArgument('a\\"b c')).toBe('"a\\\\\\"b c"');
  });
});
