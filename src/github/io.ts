/** The runner, as the action sees it: inputs, outputs, logs, the job summary. */
export interface ActionIO {
  getInput(name: string): string;
  setOutput(name: string, value: string | number): void;
  info(message: string): void;
  warning(message: string): void;
  notice(message: string): void;
  setFailed(message: string): void;
  writeSummary(markdown: string): Promise<void>;
}
