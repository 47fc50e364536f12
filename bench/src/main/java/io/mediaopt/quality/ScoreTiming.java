package io.mediaopt.quality;

import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Locale;

/**
 * CPU time of one SSIMULACRA 2 score, and the scores themselves, on real photographs: not a
 * test, a measurement to run by hand under each compiler, e.g.
 * {@code java -XX:TieredStopAtLevel=1 -cp server/target/classes:server/target/test-classes:bench/target/classes
 * io.mediaopt.quality.ScoreTiming 5 photo.jpg...}, and with {@code --add-modules jdk.incubator.vector}
 * and C2 for the vector code ({@link Arithmetic#BEST}). Every photograph is cut to its central
 * 1920x1200 (or less) and scored against a JPEG of itself at qualities 90, 70 and 40, decoded by
 * the JDK's ImageIO. The first round warms the compiler up and is not counted; CPU is the whole
 * process's, so it includes garbage collection.
 */
public final class ScoreTiming {
    private static final int[] QUALITIES = {90, 70, 40};
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private ScoreTiming() {}

    public static void main(String[] args) throws IOException {
        int rounds = Integer.parseInt(args[0]);
        int count = args.length - 1;
        byte[][] originals = new byte[count][];
        byte[][][] distorted = new byte[count][QUALITIES.length][];
        int[] widths = new int[count], heights = new int[count];
        for (int i = 0; i < count; i++) {
            BufferedImage photo = centre(ImageIO.read(Path.of(args[i + 1]).toFile()), 1920, 1200);
            widths[i] = photo.getWidth();
            heights[i] = photo.getHeight();
            originals[i] = rgbBytes(photo);
            for (int q = 0; q < QUALITIES.length; q++) distorted[i][q] = rgbBytes(jpeg(photo, QUALITIES[q]));
        }
        double pairCpu = 0, referenceCpu = 0;
        int pairs = 0, referenced = 0;
        for (int round = 0; round <= rounds; round++) {
            for (int i = 0; i < count; i++) {
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-18s %dx%d",
                        Path.of(args[i + 1]).getFileName(), widths[i], heights[i]));
                for (int q = 0; q < QUALITIES.length; q++) {
                    LinearRgb a = LinearRgb.fromSrgb8(originals[i], widths[i], heights[i], 3);
                    LinearRgb b = LinearRgb.fromSrgb8(distorted[i][q], widths[i], heights[i], 3);
                    long start = OS.getProcessCpuTime();
                    double score = Ssimulacra2.score(a, b);
                    long cpu = OS.getProcessCpuTime() - start;
                    if (round > 0) {
                        pairCpu += cpu / 1e9;
                        pairs++;
                    }
                    line.append(String.format(Locale.ROOT, "  q%d %.3f", QUALITIES[q], score));
                }
                Ssimulacra2.Reference reference =
                        new Ssimulacra2.Reference(LinearRgb.fromSrgb8(originals[i], widths[i], heights[i], 3));
                for (int q = 0; q < QUALITIES.length; q++) {
                    LinearRgb b = LinearRgb.fromSrgb8(distorted[i][q], widths[i], heights[i], 3);
                    long start = OS.getProcessCpuTime();
                    Ssimulacra2.score(reference, b);
                    long cpu = OS.getProcessCpuTime() - start;
                    if (round > 0) {
                        referenceCpu += cpu / 1e9;
                        referenced++;
                    }
                }
                if (round == rounds) System.out.println(line);
            }
        }
        System.out.printf(Locale.ROOT, "CPU per score of a pair: %.3f s; against a kept reference: %.3f s "
                + "(%d rounds, %d scores each)%n", pairCpu / pairs, referenceCpu / referenced, rounds, pairs);
    }

    private static BufferedImage centre(BufferedImage in, int width, int height) {
        int w = Math.min(width, in.getWidth()), h = Math.min(height, in.getHeight());
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_3BYTE_BGR);
        out.getGraphics().drawImage(in.getSubimage((in.getWidth() - w) / 2, (in.getHeight() - h) / 2, w, h),
                0, 0, null);
        return out;
    }

    private static BufferedImage jpeg(BufferedImage picture, int quality) throws IOException {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ImageWriteParam param = writer.getDefaultWriteParam();
        param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
        param.setCompressionQuality(quality / 100f);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (MemoryCacheImageOutputStream out = new MemoryCacheImageOutputStream(bytes)) {
            writer.setOutput(out);
            writer.write(null, new IIOImage(picture, null, null), param);
        }
        writer.dispose();
        return centre(ImageIO.read(new ByteArrayInputStream(bytes.toByteArray())), picture.getWidth(),
                picture.getHeight());
    }

    private static byte[] rgbBytes(BufferedImage picture) {
        int w = picture.getWidth(), h = picture.getHeight();
        byte[] out = new byte[w * h * 3];
        for (int y = 0, p = 0; y < h; y++) {
            for (int x = 0; x < w; x++, p += 3) {
                int rgb = picture.getRGB(x, y);
                out[p] = (byte) (rgb >> 16);
                out[p + 1] = (byte) (rgb >> 8);
                out[p + 2] = (byte) rgb;
            }
        }
        return out;
    }
}
