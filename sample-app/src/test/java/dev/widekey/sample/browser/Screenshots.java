package dev.widekey.sample.browser;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import javax.imageio.ImageIO;

/** What a screenshot shows, in numbers a test can judge: how much of it is not background. */
record Screenshots(int width, int height, double inkShare, int colours) {

  /**
   * Reads a PNG; the background is the top-left pixel's colour, "ink" every pixel of another
   * colour, and {@code colours} the distinct colours seen (capped at 4,096).
   */
  /** The colour of the top-left pixel, taken as the page's background. */
  static int backgroundOf(Path png) throws IOException {
    BufferedImage image = ImageIO.read(png.toFile());
    if (image == null) {
      throw new IOException("not an image: " + png);
    }
    return image.getRGB(0, 0) & 0xffffff;
  }

  static Screenshots of(Path png) throws IOException {
    BufferedImage image = ImageIO.read(png.toFile());
    if (image == null) {
      throw new IOException("not an image: " + png);
    }
    int background = image.getRGB(0, 0);
    long ink = 0;
    Set<Integer> seen = new HashSet<>();
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        int rgb = image.getRGB(x, y);
        if (rgb != background) {
          ink++;
        }
        if (seen.size() < 4096) {
          seen.add(rgb);
        }
      }
    }
    return new Screenshots(
        image.getWidth(),
        image.getHeight(),
        ink / (double) ((long) image.getWidth() * image.getHeight()),
        seen.size());
  }
}
