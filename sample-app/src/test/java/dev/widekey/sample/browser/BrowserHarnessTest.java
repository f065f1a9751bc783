package dev.widekey.sample.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The browser tests' own instruments can fail: a blank page reads as blank, drawn ink as ink, an
 * invalid page has errors and the DOM Chromium dumps is the DOM after its script ran.
 */
class BrowserHarnessTest {
  @TempDir Path dir;

  static final String VALID =
      "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>t</title></head>"
          + "<body>%s</body></html>";

  @Test
  void theCheckerAcceptsAValidPageAndNamesTheErrorsOfAnInvalidOne() throws Exception {
    Path valid = write("valid.html", VALID.formatted("<p>fine</p>"));
    Path invalid =
        write("invalid.html", "<!DOCTYPE html><html><body><p><div>x</p></span></body></html>");

    assertEquals(List.of(), NuHtmlChecker.errors(valid));
    List<String> errors = NuHtmlChecker.errors(invalid);
    assertFalse(errors.isEmpty(), "an invalid page must have errors");
    assertTrue(
        errors.stream().anyMatch(e -> e.contains("title")), "no title is an error: " + errors);
  }

  @Test
  void aBlankPageHasNoInkAndADrawnOneHas() throws Exception {
    HeadlessChromium chromium = browser();
    Path blank = write("blank.html", VALID.formatted(""));
    Path drawn =
        write(
            "drawn.html",
            VALID.formatted(
                "<div style=\"width:400px;height:300px;background:#c0392b\"></div>"
                    + "<svg width=\"200\" height=\"100\"><rect width=\"200\" height=\"100\""
                    + " fill=\"#2980b9\"/></svg>"));

    Screenshots empty = Screenshots.of(chromium.screenshot(blank, 800, 600));
    Screenshots ink = Screenshots.of(chromium.screenshot(drawn, 800, 600));

    assertEquals(800, empty.width());
    assertEquals(0.0, empty.inkShare(), "a blank page draws nothing");
    assertTrue(ink.inkShare() > 0.25, "the drawn page covers over a quarter: " + ink);
    assertTrue(ink.colours() >= 3, "background and two fills: " + ink);
  }

  @Test
  void theDumpedDomIsTheDomAfterTheScriptRan() throws Exception {
    HeadlessChromium chromium = browser();
    Path page =
        write(
            "script.html",
            VALID.formatted(
                "<div id=\"out\"></div><script>document.getElementById('out')"
                    + ".textContent = 'ran';</script>"));

    Document dom = Jsoup.parse(chromium.dumpDom(page));

    assertEquals("ran", dom.getElementById("out").text());
  }

  private HeadlessChromium browser() throws Exception {
    return HeadlessChromium.forTest(dir.resolve("chromium"));
  }

  private Path write(String name, String html) throws Exception {
    return Files.writeString(dir.resolve(name), html);
  }
}
