import { useState } from 'preact/hooks';
import type { Project } from '../../lib/api/types.js';
import { competitorProblem, competitorsBody, parseDomains, type CompetitorProblem } from '../../lib/dashboard/competitors.js';
import { t, type MessageKey } from '../../lib/i18n/t.js';
import { useDashboard } from './context.js';
import { ActionError } from './states.js';
import { WriteButton } from './WriteButton.js';
import { useAction } from './use-action.js';

const PROBLEMS: Record<CompetitorProblem, MessageKey> = {
  name: 'dashCompProblemName',
  domains: 'dashCompProblemDomains',
  domain: 'dashCompProblemDomain',
  duplicate: 'dashCompProblemDuplicate',
};

/** A project's competitors: remove one, or add one with its domains (PATCH /projects/{id} `{competitors}`). */
export function CompetitorsEdit({ project, onSaved }: { project: Project; onSaved: () => void }) {
  const { api } = useDashboard();
  const { busy, error, run } = useAction();
  const save = async (list: Project['competitors'], key: string) => {
    const res = await run(key, () => api.patch(`/projects/${encodeURIComponent(project.id)}`, { competitors: competitorsBody(list) }));
    if (res.ok) onSaved();
    return res.ok;
  };
  return (
    <details class="competitors-edit">
      <summary>{t('dashCompEdit')}</summary>
      <ul>
        {project.competitors.map((c) => (
          <li key={c.name} data-competitor={c.name}>
            <strong>{c.name}</strong> <span class="muted small">{c.domains.join(', ')}</span>{' '}
            <WriteButton
              class="danger small"
              busy={busy === `del:${c.name}`}
              context={c.name}
              action="remove-competitor"
              onClick={() =>
                void save(
                  project.competitors.filter((x) => x !== c),
                  `del:${c.name}`,
                )
              }
            >
              {t('dashCompRemove')}
            </WriteButton>
          </li>
        ))}
      </ul>
      <AddCompetitor existing={project.competitors} busy={busy === 'add'} onAdd={(c) => save([...project.competitors, c], 'add')} />
      {error && <ActionError error={error} />}
    </details>
  );
}

type Competitor = Project['competitors'][number];

/** The name and domains of a new competitor, checked here first (what is wrong, in words). */
function AddCompetitor(props: { existing: readonly Competitor[]; busy: boolean; onAdd: (c: Competitor) => Promise<boolean> }) {
  const [name, setName] = useState('');
  const [domains, setDomains] = useState('');
  const [problem, setProblem] = useState<CompetitorProblem | null>(null);
  const add = async (e: Event) => {
    e.preventDefault();
    const hosts = parseDomains(domains);
    const wrong = competitorProblem(name, hosts, props.existing);
    setProblem(wrong);
    if (wrong || !(await props.onAdd({ name: name.trim(), domains: hosts, aliases: [], case_sensitive: [] }))) return;
    setName('');
    setDomains('');
  };
  return (
    <form class="inline-form" onSubmit={(e) => void add(e)} aria-label={t('dashCompAdd')} noValidate>
      <label>
        {t('dashCompName')}
        <input name="competitor-name" value={name} onInput={(e) => setName(e.currentTarget.value)} aria-invalid={problem === 'name'} />
      </label>
      <label>
        {t('dashCompDomains')}
        <input
          name="competitor-domains"
          value={domains}
          onInput={(e) => setDomains(e.currentTarget.value)}
          aria-invalid={!!problem && problem !== 'name'}
        />
      </label>
      <WriteButton type="submit" busy={props.busy} action="add-competitor">
        {t('dashCompAdd')}
      </WriteButton>
      {problem && (
        <p class="action-error" role="alert">
          {t(PROBLEMS[problem])}
        </p>
      )}
    </form>
  );
}
