package dev.widekey.processor.rules;

import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.model.Attribute;
import dev.widekey.processor.model.EntityModel;

/**
 * WK208: one {@code @Version} per entity, on the hot row. Its type and a key component carrying it
 * are reported by {@link PlacementRules}.
 */
public final class VersionRules implements EntityRule {

  @Override
  public void check(EntityModel entity, Diagnostics diagnostics) {
    Attribute first = null;
    for (Attribute a : entity.attributes()) {
      if (!a.version()) {
        continue;
      }
      if (first == null) {
        first = a;
      } else {
        diagnostics.error(
            a.property().element(),
            a.versionMirror(),
            Messages.versionTwice(a.name(), first.name()));
      }
      if (a.cold()) {
        diagnostics.error(
            a.property().element(), a.versionMirror(), Messages.versionCold(a.name()));
      }
    }
  }
}
