/**
 * The dataset's rules file in the review tools: open one (or drop it here), see which is in use
 * and what it asks, remove it. Token rules (maximum tokens, trained share) need token counts,
 * which the Lengths panel computes: the row checks leave them out, and this says so.
 */
import { useRef } from 'react';
import { needsTokens, type LintRules } from '../../../core/index.ts';
import { claimDrop } from '../../files/useFileDrop.ts';
import { compactButton, mutedText, toolbarButton } from '../../layout/ui.ts';
import { useAppStore } from '../../store/index.ts';
import { loadRulesFile, removeRules } from './rules-file.ts';

/** The rules a file sets, by the names a person knows them by (docs/rules.md). */
const RULE_LABELS: Partial<Record<keyof LintRules, string>> = {
  allowedRoles: 'allowed roles',
  systemMessage: 'system message',
  lastRole: 'last message',
  alternation: 'alternation',
  maxTurns: 'maximum turns',
  maxTokens: 'maximum tokens',
  minTrainedShare: 'trained share',
  forbiddenText: 'forbidden text',
};

function ruleNames(rules: LintRules): string {
  const names = (Object.keys(RULE_LABELS) as (keyof LintRules)[]).filter((key) => rules[key] !== undefined).map((key) => RULE_LABELS[key]);
  return names.length === 0 ? 'no rules' : names.join(', ');
}

export function RulesPanel() {
  const rules = useAppStore((s) => s.datasetRules);
  const input = useRef<HTMLInputElement>(null);
  return (
    <section
      aria-label="Rules file"
      title="Drop a rules file (JSON) here to check the records with it"
      className="flex flex-wrap items-center gap-2 text-sm"
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        // Dropped here, the file is the dataset's rules, not a file to open (useFileDrop).
        event.preventDefault();
        claimDrop(event.nativeEvent);
        const file = event.dataTransfer.files[0];
        if (file) void loadRulesFile(file, file.name);
      }}
    >
      <span className="font-medium">Rules</span>
      {rules ? (
        <>
          <span>
            <code>{rules.name}</code> <span className={mutedText}>({ruleNames(rules.rules)})</span>
          </span>
          <button type="button" className={toolbarButton} aria-label={`Remove the rules of ${rules.name}`} onClick={removeRules}>
            Remove
          </button>
        </>
      ) : (
        <span className={mutedText}>none</span>
      )}
      <button type="button" className={compactButton} onClick={() => input.current?.click()}>
        {rules ? 'Open another rules file…' : 'Open rules file…'}
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        aria-label="Rules file to open"
        className="hidden"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void loadRulesFile(file, file.name);
        }}
      />
      {rules && needsTokens(rules.rules) && <span className={`w-full ${mutedText}`}>Maximum tokens and trained share need the tokenizer's counts: they join the rows, the filters and Alt+N as the tokens are counted in the background (Lengths and tokens).</span>}
    </section>
  );
}
