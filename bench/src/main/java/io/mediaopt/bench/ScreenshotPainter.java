package io.mediaopt.bench;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Arc2D;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Random;

/**
 * Paints a desktop-app screenshot: flat panels, cards, buttons, a table, a chart, a photo
 * thumbnail and lots of anti-aliased "text". Glyphs are drawn from strokes and arcs rather than
 * a font, so the picture (and its size) is the same on machines with different fonts or none.
 */
final class ScreenshotPainter {
    private static final Color PAGE = new Color(0xf4f5f7);
    private static final Color INK = new Color(0x1f2328);
    private static final Color MUTED = new Color(0x6a737d);
    private static final Color ACCENT = new Color(0x2f6fdf);

    private final Graphics2D g;
    private final Random random = new Random(42);

    private ScreenshotPainter(Graphics2D g) {
        this.g = g;
    }

    static void paint(int width, int height, Path out) {
        System.setProperty("java.awt.headless", "true");
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        new ScreenshotPainter(g).paintPage(width, height);
        g.dispose();
        try {
            ImageIO.write(image, "png", out.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void paintPage(int width, int height) {
        fill(PAGE, 0, 0, width, height);
        fill(new Color(0x24292f), 0, 0, width, 56);
        g.setColor(ACCENT);
        g.fill(new Ellipse2D.Double(20, 12, 32, 32));
        for (int x = 80, i = 0; i < 6; i++) x = words(x, 36, 13, Color.WHITE, 1) + 28;
        fill(new Color(0x2d333b), 0, 56, 320, height - 56);
        for (int i = 0; i < 24; i++) {
            int y = 90 + i * 44;
            if (i == 3) fill(new Color(0x3b4450), 0, y - 26, 320, 40);
            g.setColor(i == 3 ? ACCENT : new Color(0x8b949e));
            g.fill(new RoundRectangle2D.Double(28, y - 17, 18, 18, 5, 5));
            words(60, y, 13, new Color(0xc9d1d9), 1 + random.nextInt(3));
        }
        int x0 = 360, colWidth = (width - x0 - 40 - 2 * 32) / 3;
        words(x0, 110, 24, INK, 3);
        button(width - 260, 80, 200, 44);
        for (int col = 0; col < 3; col++) {
            int x = x0 + col * (colWidth + 32);
            card(x, 150, colWidth, 560);
            switch (col) {
                case 0 -> paragraphs(x + 28, 200, colWidth - 56, 18);
                case 1 -> chart(x + 28, 190, colWidth - 56, 300);
                default -> thumbnail(x + 28, 190, colWidth - 56, 330);
            }
            if (col > 0) paragraphs(x + 28, col == 1 ? 540 : 560, colWidth - 56, 6);
        }
        card(x0, 750, width - x0 - 40, height - 790);
        table(x0 + 28, 790, width - x0 - 96, height - 850);
    }

    private void card(int x, int y, int w, int h) {
        g.setColor(new Color(0, 0, 0, 18));
        g.fill(new RoundRectangle2D.Double(x + 1, y + 3, w, h, 14, 14));
        g.setColor(Color.WHITE);
        g.fill(new RoundRectangle2D.Double(x, y, w, h, 14, 14));
        g.setColor(new Color(0xd0d7de));
        g.setStroke(new BasicStroke(1f));
        g.draw(new RoundRectangle2D.Double(x + 0.5, y + 0.5, w - 1, h - 1, 14, 14));
    }

    private void button(int x, int y, int w, int h) {
        g.setColor(ACCENT);
        g.fill(new RoundRectangle2D.Double(x, y, w, h, 10, 10));
        words(x + 24, y + 28, 14, Color.WHITE, 2);
    }

    private void paragraphs(int x, int y, int width, int lines) {
        words(x, y, 18, INK, 4);
        for (int i = 0; i < lines; i++) {
            int end = i % 5 == 4 ? x + width / 2 : x + width;
            int cursor = x;
            while (cursor < end - 60) cursor = word(cursor, y + 36 + i * 24, 13, i % 5 == 4 ? MUTED : INK) + 7;
        }
    }

    private void chart(int x, int y, int w, int h) {
        g.setColor(new Color(0xeaeef2));
        for (int i = 0; i <= 5; i++) g.draw(new Line2D.Double(x, y + i * h / 5.0, x + w, y + i * h / 5.0));
        for (int series = 0; series < 2; series++) {
            Path2D line = new Path2D.Double();
            double v = h * (0.3 + 0.3 * series);
            for (int i = 0; i <= 40; i++) {
                v = Math.max(10, Math.min(h - 10, v + random.nextGaussian() * 18));
                if (i == 0) line.moveTo(x, y + v);
                else line.lineTo(x + i * w / 40.0, y + v);
            }
            g.setColor(series == 0 ? ACCENT : new Color(0xe36209));
            g.setStroke(new BasicStroke(2.5f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
            g.draw(line);
        }
        g.setStroke(new BasicStroke(1f));
    }

    /** A photo inside the page: gradients and grain that a lossless format cannot squeeze. */
    private void thumbnail(int x, int y, int w, int h) {
        g.setPaint(new GradientPaint(x, y, new Color(0x7fb3e8), x, y + h, new Color(0x3d6b3a)));
        g.fillRect(x, y, w, h);
        for (int i = 0; i < w * h / 6; i++) {
            int px = x + random.nextInt(w), py = y + random.nextInt(h);
            int shade = random.nextInt(60);
            g.setColor(new Color(shade, shade, shade, 40));
            g.fillRect(px, py, 1 + random.nextInt(3), 1 + random.nextInt(2));
        }
    }

    private void table(int x, int y, int w, int h) {
        int rows = h / 36, cols = 6;
        for (int r = 0; r < rows; r++) {
            int rowY = y + r * 36;
            if (r == 0) fill(new Color(0xf6f8fa), x, rowY, w, 36);
            g.setColor(new Color(0xd8dee4));
            g.draw(new Line2D.Double(x, rowY + 35.5, x + w, rowY + 35.5));
            for (int c = 0; c < cols; c++) {
                int cellX = x + 12 + c * w / cols;
                if (c == cols - 1 && r > 0) badge(cellX, rowY + 8);
                else words(cellX, rowY + 23, 13, r == 0 ? MUTED : INK, 1 + random.nextInt(c == 0 ? 3 : 2));
            }
        }
    }

    private void badge(int x, int y) {
        Color[] colors = {new Color(0xdafbe1), new Color(0xfff8c5), new Color(0xffebe9)};
        g.setColor(colors[random.nextInt(colors.length)]);
        g.fill(new RoundRectangle2D.Double(x, y, 76, 20, 20, 20));
        words(x + 10, y + 15, 11, INK, 1);
    }

    private void fill(Color color, int x, int y, int w, int h) {
        g.setColor(color);
        g.fillRect(x, y, w, h);
    }

    /** Draws {@code count} words from {@code x}; returns where the last one ends. */
    private int words(int x, int baseline, int size, Color color, int count) {
        int cursor = x;
        for (int i = 0; i < count; i++) cursor = word(cursor, baseline, size, color) + size / 2;
        return cursor;
    }

    private int word(int x, int baseline, int size, Color color) {
        g.setColor(color);
        g.setStroke(new BasicStroke(size / 9f + 0.6f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        int letters = 2 + random.nextInt(8);
        double cursor = x;
        for (int i = 0; i < letters; i++) cursor += glyph(cursor, baseline, size);
        return (int) Math.ceil(cursor);
    }

    /** One letter-like shape, like a, l, n, o, p, i or t; returns its advance. */
    private double glyph(double x, double base, double size) {
        double xh = size * 0.52, w = size * 0.5, asc = size * 0.75;
        switch (random.nextInt(7)) {
            case 0 -> g.draw(new Ellipse2D.Double(x, base - xh, w, xh));
            case 1 -> g.draw(new Line2D.Double(x + 1, base - asc, x + 1, base));
            case 2 -> {
                g.draw(new Line2D.Double(x, base - xh, x, base));
                g.draw(new Arc2D.Double(x, base - xh, w, xh * 1.2, 0, 180, Arc2D.OPEN));
                g.draw(new Line2D.Double(x + w, base - xh * 0.45, x + w, base));
            }
            case 3 -> {
                g.draw(new Ellipse2D.Double(x, base - xh, w, xh));
                g.draw(new Line2D.Double(x, base + size * 0.2, x, base - xh));
            }
            case 4 -> {
                g.draw(new Line2D.Double(x + 1, base - xh, x + 1, base));
                g.fill(new Ellipse2D.Double(x, base - asc, 2.2, 2.2));
                return size * 0.28;
            }
            case 5 -> {
                g.draw(new Line2D.Double(x + w / 2, base - asc, x + w / 2, base));
                g.draw(new Line2D.Double(x, base - xh, x + w, base - xh));
            }
            default -> {
                g.draw(new Arc2D.Double(x, base - xh, w, xh, 30, 300, Arc2D.OPEN));
                g.draw(new Line2D.Double(x, base - xh / 2, x + w, base - xh / 2));
            }
        }
        return w + size * 0.18;
    }
}
