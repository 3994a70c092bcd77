import { Panel } from '@web/components/panel';

export function ComingSoonScreen({ title, summary }: { title: string; summary: string }) {
  return (
    <Panel title={title}>
      <p className="text-muted">{summary}</p>
      <p className="mt-2 text-muted">This screen is coming; the shell, the session and the live connection around it already work.</p>
    </Panel>
  );
}
