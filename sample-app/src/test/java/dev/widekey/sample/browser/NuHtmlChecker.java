package dev.widekey.sample.browser;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import nu.validator.validation.SimpleDocumentValidator;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXParseException;

/**
 * The Nu Html Checker (the W3C's HTML validator, from Maven Central) run in this JVM: the errors of
 * one HTML file, as "line:column message". Its schemas are bundled in the jar, so it needs no
 * network.
 */
final class NuHtmlChecker {
  private static final String HTML5_SCHEMA = "http://s.validator.nu/html5-all.rnc";

  private NuHtmlChecker() {}

  /** Every error and fatal error in {@code page}; warnings are left out. */
  static List<String> errors(Path page) throws Exception {
    Collector collector = new Collector();
    SimpleDocumentValidator validator = new SimpleDocumentValidator(true, false, false);
    validator.setUpMainSchema(HTML5_SCHEMA, collector);
    validator.setUpValidatorAndParsers(collector, false, false);
    validator.checkHtmlFile(page.toFile(), true);
    return collector.errors;
  }

  private static final class Collector implements ErrorHandler {
    final List<String> errors = new ArrayList<>();

    @Override
    public void warning(SAXParseException e) {}

    @Override
    public void error(SAXParseException e) {
      errors.add(e.getLineNumber() + ":" + e.getColumnNumber() + " " + e.getMessage());
    }

    @Override
    public void fatalError(SAXParseException e) {
      error(e);
    }
  }
}
