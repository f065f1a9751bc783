package dev.widekey.processor.rules;

import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.model.EntityModel;

/** One family of rules, checked on a parsed entity; reports through {@link Diagnostics}. */
public interface EntityRule {
  void check(EntityModel entity, Diagnostics diagnostics);
}
