/**
 * A team's lint rules, as read from a rules file (schema.ts validates it; docs/rules.md is the
 * reference): what the team requires of its data beyond what the format needs. Each rule is
 * optional; a rule's diagnostics have the code `rules/<name>` and the rule's severity (default:
 * error). Plain data: it crosses to the dataset worker inside a CheckProfile.
 */
export type RuleSeverity = 'error' | 'warning' | 'info';

export interface RuleBase {
  /** How serious a breach is; absent: `error`. */
  severity?: RuleSeverity;
}

/** A forbidden text: plain (case-sensitive, found anywhere) or a regular expression with its flags. */
export type ForbiddenPattern = { text: string } | { regex: string; flags?: string };

export interface LintRules {
  /** Where the file's JSON Schema is, for editors (docs/rules.schema.json); not a rule. */
  $schema?: string;
  /** Roles a message may have (`["system", "user", "assistant", "tool"]`). */
  allowedRoles?: RuleBase & { roles: string[] };
  /** A system (or developer) message is required, or forbidden. */
  systemMessage?: RuleBase & { require: 'required' | 'forbidden' };
  /** Roles the last message may have (`["assistant"]`). */
  lastRole?: RuleBase & { roles: string[] };
  /**
   * User and assistant messages alternate (system, developer and tool messages aside; an
   * assistant message that calls tools, its results and the next assistant message are one
   * turn). `startWith`: the first of them must have this role.
   */
  alternation?: RuleBase & { startWith?: 'user' | 'assistant' };
  /** At most this many turns (user messages). */
  maxTurns?: RuleBase & { max: number };
  /** At most this many tokens in the render, with the tokenizer given. */
  maxTokens?: RuleBase & { max: number };
  /** At least this share (0–1) of the render's tokens trained, with the tokenizer given. */
  minTrainedShare?: RuleBase & { min: number };
  /** Text no message (of `roles`, when given) may contain. */
  forbiddenText?: RuleBase & { patterns: ForbiddenPattern[]; roles?: string[] };
}

/** The names of the rules, as the file spells them (and the codes: `rules/<name>`). */
export type RuleName = Exclude<keyof LintRules, '$schema'>;

export type { TokenMeasure } from '../../tokens/types.ts';
