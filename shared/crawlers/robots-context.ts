import type { JudgeContext } from '../judge/context.js';
import { readRobotsTxt, robotsDecision, type RobotsReading } from '../robots/read.js';
import { robotsPathOf } from '../robots/path.js';
import type { RobotsDecision } from '../robots/verdict.js';

/** The robots.txt reading of this audit, computed once and shared by the verdicts and the rules. */
export function robotsReading(ctx: JudgeContext): RobotsReading {
  return ctx.memo('crawlers:robots-reading', () => readRobotsTxt(ctx.snapshot.robotsTxt));
}

/** The audited page's path and query, as robots.txt rules see it. */
export function auditedRobotsPath(ctx: JudgeContext): string {
  return ctx.memo('crawlers:robots-path', () => robotsPathOf(ctx.pageUrl));
}

/** RFC 9309 verdict for one agent on the audited page. */
export function robotsDecisionFor(ctx: JudgeContext, agent: string): RobotsDecision {
  return ctx.memo(`crawlers:robots-decision:${agent.toLowerCase()}`, () =>
    robotsDecision(robotsReading(ctx), agent, auditedRobotsPath(ctx)),
  );
}
