/** The parsed form of a robots.txt file (RFC 9309). */

export interface RobotsRule {
  allow: boolean;
  /** Path pattern after percent-encoding normalisation; `*` and a trailing `$` keep their meaning. */
  pattern: string;
  /** The value as written in the file. */
  raw: string;
  line: number;
}

/** A line outside the RFC's rules (Sitemap, Crawl-delay, Content-Signal, Content-Usage ...). */
export interface RobotsExtension {
  /** Lower-cased directive name. */
  key: string;
  value: string;
  line: number;
}

export interface RobotsGroup {
  /** Lower-cased product tokens, or `*`. */
  agents: string[];
  rules: RobotsRule[];
  extensions: RobotsExtension[];
  /** Line of the group's first user-agent line. */
  line: number;
}

export interface RobotsProblem {
  line: number;
  message: string;
}

export interface ParsedRobots {
  groups: RobotsGroup[];
  /** Extension lines outside any group (Sitemap, and anything before the first user-agent line). */
  global: RobotsExtension[];
  problems: RobotsProblem[];
  /** True when the file was longer than the parsing limit and its end was ignored. */
  cut: boolean;
  /** Size of the whole file in UTF-8 bytes. */
  bytes: number;
}
