package dev.widekey.processor.report;

import dev.widekey.core.Rule;

/**
 * A rule that applies to an entity's design, and why.
 *
 * @param rule the rule
 * @param why what in this design the rule is about, in a sentence
 */
public record AppliedRule(Rule rule, String why) {}
