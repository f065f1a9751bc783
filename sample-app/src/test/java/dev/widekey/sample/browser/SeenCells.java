package dev.widekey.sample.browser;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * The colour a person sees at the centre of each element a selector picks, read off Chromium's
 * screenshot: a copy of the page gets a script that records where the browser laid each element
 * out, Chromium dumps that DOM and, with the same window, draws the screenshot the positions are
 * looked up in. Elements outside the window are left out.
 */
final class SeenCells {
  private SeenCells() {}

  /** One element as drawn: its attributes (from the page) and the colour at its centre. */
  record Seen(Element element, int rgb) {
    /** Relative luminance in 0..1 (ITU-R BT.709 weights on the 8-bit channels). */
    double luminance() {
      int r = (rgb >> 16) & 0xff;
      int g = (rgb >> 8) & 0xff;
      int b = rgb & 0xff;
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255.0;
    }
  }

  static List<Seen> of(
      HeadlessChromium chromium, Path page, String cssSelector, int width, int height)
      throws IOException, InterruptedException {
    String html = Files.readString(page, StandardCharsets.UTF_8);
    String probe =
        "<script>for (const e of document.querySelectorAll("
            + jsString(cssSelector)
            + ")) { const r = e.getBoundingClientRect();"
            + " e.setAttribute('data-seen-x', Math.round(r.left + r.width / 2));"
            + " e.setAttribute('data-seen-y', Math.round(r.top + r.height / 2)); }</script>";
    int end = html.lastIndexOf("</body>");
    if (end < 0) {
      throw new IllegalArgumentException(page + " has no </body>");
    }
    // the copy goes to the browser's work directory, never beside the page (a report directory
    // lists its pages); the pages are self-contained, so nothing they link is left behind
    Path probed =
        Files.writeString(
            Files.createTempFile(chromium.workDir(), "probed-", ".html"),
            html.substring(0, end) + probe + html.substring(end));
    Document dom = Jsoup.parse(chromium.dumpDom(probed, width, height));
    BufferedImage image = ImageIO.read(chromium.screenshot(page, width, height).toFile());
    List<Seen> seen = new ArrayList<>();
    for (Element e : dom.select(cssSelector)) {
      int x = Integer.parseInt(e.attr("data-seen-x"));
      int y = Integer.parseInt(e.attr("data-seen-y"));
      if (x >= 0 && y >= 0 && x < image.getWidth() && y < image.getHeight()) {
        seen.add(new Seen(e, image.getRGB(x, y) & 0xffffff));
      }
    }
    return seen;
  }

  private static String jsString(String text) {
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
  }
}
