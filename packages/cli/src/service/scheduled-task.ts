import { xmlText } from './launch-agent';
import { refuseUnsafe, type WatchLaunch } from './launch';

/** The task's name in Task Scheduler's library (a folder of its own, so it is easy to find). */
export const SCHEDULED_TASK_NAME = '\\ClipSync\\Watch';

/**
 * One argument as a Windows program's C runtime splits its command line (CommandLineToArgvW): quoted, each
 * `"` escaped, and the backslashes before a quote (or the closing one) doubled.
 */
export function windowsArgument(value: string): string {
  if (value !== '' && !/[\s"]/.test(value)) return value;
  const escaped = value.replace(/(\\*)"/g, '$1$1\\"').replace(/(\\+)$/, '$1$1');
  return `"${escaped}"`;
}

/**
 * The Scheduled Task that runs `clipsync watch` when `user` logs on, in that user's session (an interactive
 * token, the least privilege), with no time limit, restarted after a failure, one instance at a time. The
 * XML is what `schtasks /Create /XML` takes. Paths only: the token stays in the config file.
 *
 * node.exe runs directly, so its console window shows. Not through `conhost.exe --headless`, which would hide
 * it: that exits 0 whatever its child's exit code, and the task would never be restarted after a failure.
 */
export function scheduledTaskXml(launch: WatchLaunch, user: string): string {
  refuseUnsafe([launch.node, launch.script, ...launch.args, user]);
  const argumentsLine = [launch.script, ...launch.args].map(windowsArgument).join(' ');
  return `<?xml version="1.0" encoding="UTF-16"?>
<Task version="1.2" xmlns="http://schemas.microsoft.com/windows/2004/02/mit/task">
  <RegistrationInfo>
    <Description>ClipSync clipboard watch</Description>
  </RegistrationInfo>
  <Triggers>
    <LogonTrigger>
      <Enabled>true</Enabled>
      <UserId>${xmlText(user)}</UserId>
    </LogonTrigger>
  </Triggers>
  <Principals>
    <Principal id="Author">
      <UserId>${xmlText(user)}</UserId>
      <LogonType>InteractiveToken</LogonType>
      <RunLevel>LeastPrivilege</RunLevel>
    </Principal>
  </Principals>
  <Settings>
    <MultipleInstancesPolicy>IgnoreNew</MultipleInstancesPolicy>
    <DisallowStartIfOnBatteries>false</DisallowStartIfOnBatteries>
    <StopIfGoingOnBatteries>false</StopIfGoingOnBatteries>
    <ExecutionTimeLimit>PT0S</ExecutionTimeLimit>
    <RestartOnFailure>
      <Interval>PT1M</Interval>
      <Count>10</Count>
    </RestartOnFailure>
    <Enabled>true</Enabled>
  </Settings>
  <Actions Context="Author">
    <Exec>
      <Command>${xmlText(launch.node)}</Command>
      <Arguments>${xmlText(argumentsLine)}</Arguments>
    </Exec>
  </Actions>
</Task>
`;
}
