package dev.widekey.processor.report;

import dev.widekey.core.layout.TableLayout;
import dev.widekey.processor.ProcessorOptions;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Element;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Writes the key-layout reports when the option {@value ProcessorOptions#REPORT} asks for them: per
 * entity an HTML page and its Markdown twin as it is generated, and after the last round an index
 * of every entity of the compilation. The files go to the generated sources under {@value
 * #DIRECTORY} (Maven: {@code target/generated-sources/annotations/widekey-report/}): beside the
 * generated code a reviewer reads, and out of the class output, so that no report ships in a jar.
 * Each file is created once: an entity is generated in one round only, the index after the last.
 */
public final class LayoutReportWriter {
  /** The folder under the generated sources that holds the reports. */
  public static final String DIRECTORY = "widekey-report";

  private final Filer filer;
  private boolean enabled;
  private final String rulesUrl;
  private final List<EntityReport> written = new ArrayList<>();
  private boolean finished;

  /**
   * A writer for a compilation with these processor options, linking rules under {@code rulesUrl}
   * (the diagnostics' base, so that a report and a build log link to the same page).
   */
  public LayoutReportWriter(Filer filer, Map<String, String> options, String rulesUrl) {
    this.filer = filer;
    this.enabled = ProcessorOptions.report(options);
    this.rulesUrl = rulesUrl;
  }

  /** The classes the report encodes its example keys with, as resources on the processor path. */
  private static final List<String> CODEC_CLASSES =
      List.of(
          "dev/widekey/runtime/layout/LayoutKeyCodec.class",
          "org/apache/commons/codec/digest/DigestUtils.class");

  /**
   * Why the report cannot be written from {@code processorPath}, or empty when it can: it needs
   * widekey-runtime (and its Commons Codec) beside the processor, which the processor's own
   * dependencies leave out so that a build without the report loads neither.
   */
  public static Optional<String> missingCodec(ClassLoader processorPath) {
    for (String resource : CODEC_CLASSES) {
      if (processorPath == null || processorPath.getResource(resource) == null) {
        return Optional.of(
            "widekey: option "
                + ProcessorOptions.REPORT
                + " is set, but the key-layout report encodes its example keys with"
                + " widekey-runtime, which is not on the processor path ("
                + resource.replace('/', '.').replace(".class", "")
                + " is missing); add dev.widekey:widekey-runtime to annotationProcessorPaths beside"
                + " widekey-processor. No report is written.");
      }
    }
    return Optional.empty();
  }

  /** Stops writing reports: the processor path cannot encode their example keys. */
  public void disable() {
    enabled = false;
  }

  /**
   * Whether the options ask for reports: without, {@link #write} and {@link #finish} do nothing.
   */
  public boolean enabled() {
    return enabled;
  }

  /**
   * Writes one entity's page and Markdown twin, if reports are asked for.
   *
   * @param origin the entity's type, the files' originating element
   * @param tables its tables, the hot table first
   * @param enumConstants each {@code ENUM} key component's constants, by component name
   * @param optOutReasons each key component's {@code @NotSequential} reason, by component name
   */
  public void write(
      Element origin,
      List<TableLayout> tables,
      Map<String, List<String>> enumConstants,
      Map<String, String> optOutReasons)
      throws IOException {
    if (!enabled) {
      return;
    }
    EntityReport report = EntityReport.of(tables, enumConstants, optOutReasons);
    create(report.fileStem() + ".html", LayoutReportPage.render(report, rulesUrl), origin);
    create(report.fileStem() + ".md", LayoutReportMarkdown.render(report, rulesUrl), origin);
    written.add(report);
  }

  /** Writes the index of the entities written, once, after the last round. */
  public void finish() throws IOException {
    if (!enabled || finished) {
      return;
    }
    finished = true;
    create(ReportIndex.STEM + ".html", ReportIndex.renderHtml(written));
    create(ReportIndex.STEM + ".md", ReportIndex.renderMarkdown(written));
  }

  private void create(String name, String text, Element... origins) throws IOException {
    FileObject file =
        filer.createResource(StandardLocation.SOURCE_OUTPUT, "", DIRECTORY + "/" + name, origins);
    try (Writer w = file.openWriter()) {
      w.write(text);
    }
  }
}
