package dev.widekey.processor.generate;

import dev.widekey.core.layout.LayoutText;
import dev.widekey.core.layout.TableLayout;
import dev.widekey.processor.model.EntityModel;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import javax.annotation.processing.Filer;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Writes one layout file per table into the class output ({@code
 * META-INF/widekey/layout/<table>.layout}, {@link LayoutText}): every fact that decides the table's
 * stored bytes, so that a build can be compared with the committed copy (rule WK308) and a
 * re-keying job can decode the table's keys.
 */
public final class LayoutExporter {
  private final Filer filer;

  public LayoutExporter(Filer filer) {
    this.filer = filer;
  }

  public void export(EntityModel entity, List<TableLayout> tables) throws IOException {
    for (TableLayout table : tables) {
      FileObject file =
          filer.createResource(
              StandardLocation.CLASS_OUTPUT,
              "",
              GeneratedNames.layoutResource(table.table()),
              entity.type());
      try (Writer w = file.openWriter()) {
        w.write(LayoutText.render(table));
      }
    }
  }
}
