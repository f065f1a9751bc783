package dev.widekey.sample.browser;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Debian's Chromium, headless, as a person's browser sees a page: a screenshot and the DOM after
 * the page has loaded. {@code .ci/run} installs the package when it is missing; without it the
 * browser tests are skipped, unless {@code WIDEKEY_BROWSER_REQUIRED} is set (CI sets it), when they
 * fail instead.
 *
 * <p>The flags keep Chromium off the network (this machine's network is closed; without them it
 * retries Google's hosts at every start) and out of the user's profile.
 */
final class HeadlessChromium {
  private static final List<String> CANDIDATES =
      List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome");

  private final Path executable;
  private final Path workDir;

  private HeadlessChromium(Path executable, Path workDir) {
    this.executable = executable;
    this.workDir = workDir;
  }

  /** Chromium at {@code WIDEKEY_CHROMIUM} or a Debian path, working under {@code workDir}. */
  static Optional<HeadlessChromium> find(Path workDir) {
    String configured = System.getenv("WIDEKEY_CHROMIUM");
    List<String> paths = configured == null ? CANDIDATES : List.of(configured);
    return paths.stream()
        .map(Path::of)
        .filter(Files::isExecutable)
        .findFirst()
        .map(p -> new HeadlessChromium(p, workDir));
  }

  /**
   * The browser for a test: skips the test when Chromium is missing, or fails it when {@link
   * #required()}.
   */
  static HeadlessChromium forTest(Path workDir) throws IOException {
    Optional<HeadlessChromium> found = find(Files.createDirectories(workDir));
    if (required()) {
      assertTrue(found.isPresent(), "WIDEKEY_BROWSER_REQUIRED is set but Chromium is missing");
    }
    assumeTrue(found.isPresent(), "Chromium is not installed (apt-get install chromium)");
    return found.get();
  }

  /** The directory this browser's profiles, outputs and page copies go to. */
  Path workDir() {
    return workDir;
  }

  /** Whether a missing browser fails the tests instead of skipping them. */
  static boolean required() {
    String value = System.getenv("WIDEKEY_BROWSER_REQUIRED");
    return value != null && !value.isBlank() && !value.equals("0");
  }

  /** The PNG Chromium draws of {@code page} in a window of the given size. */
  Path screenshot(Path page, int width, int height) throws IOException, InterruptedException {
    Path png = Files.createTempFile(workDir, "screenshot-", ".png");
    Files.delete(png); // Chromium writes it; an existing empty file would pass a size check
    run(
        List.of(
            "--window-size=" + width + "," + height,
            "--hide-scrollbars",
            "--screenshot=" + png.toAbsolutePath()),
        page);
    if (!Files.isRegularFile(png) || Files.size(png) == 0) {
      throw new IllegalStateException("Chromium wrote no screenshot of " + page);
    }
    return png;
  }

  /** The serialized DOM of {@code page} once loaded (after any script has run). */
  String dumpDom(Path page) throws IOException, InterruptedException {
    return run(List.of("--dump-dom"), page);
  }

  /**
   * The DOM of {@code page} laid out in a window of the given size: a script's layout readings then
   * match a {@link #screenshot} of the same size.
   */
  String dumpDom(Path page, int width, int height) throws IOException, InterruptedException {
    return run(List.of("--window-size=" + width + "," + height, "--dump-dom"), page);
  }

  private String run(List<String> extra, Path page) throws IOException, InterruptedException {
    Path profile = Files.createTempDirectory(workDir, "chromium-profile-");
    List<String> command = new ArrayList<>();
    command.add(executable.toString());
    command.addAll(
        List.of(
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-extensions",
            "--user-data-dir=" + profile.toAbsolutePath()));
    command.addAll(extra);
    command.add(page.toAbsolutePath().toUri().toString());
    Path stdout = Files.createTempFile(workDir, "chromium-out-", ".txt");
    Path stderr = Files.createTempFile(workDir, "chromium-err-", ".txt");
    Process process =
        new ProcessBuilder(command)
            .redirectOutput(stdout.toFile())
            .redirectError(stderr.toFile())
            .start();
    if (!process.waitFor(120, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException("Chromium did not finish within 120 s: " + command);
    }
    if (process.exitValue() != 0) {
      throw new IllegalStateException(
          "Chromium exited with "
              + process.exitValue()
              + ": "
              + Files.readString(stderr, StandardCharsets.UTF_8));
    }
    return Files.readString(stdout, StandardCharsets.UTF_8);
  }
}
