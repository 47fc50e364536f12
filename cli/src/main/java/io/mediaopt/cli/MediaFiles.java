package io.mediaopt.cli;

import io.mediaopt.media.MediaFormat;
import io.mediaopt.media.MediaKind;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The files to optimize and where their outputs go. Folders are walked for the extensions of
 * the formats the service accepts (a file named on the command line is sent whatever its name);
 * outputs are never taken for inputs: nothing under an output folder inside the walked one, and
 * no {@code b.jpg.webp} beside a {@code b.jpg} (outputs written next to their inputs). An input {@code DIR/a/b.jpg} goes to
 * {@code OUT/a/b.jpg.<extension of the result>} (with several PATHs, {@code OUT/DIR/a/b.jpg...}),
 * so an output never has an input's name; two inputs that would still share one are refused.
 */
final class MediaFiles {
    /** The extensions of the formats the service accepts, from the service's own list. */
    static final Set<String> IMAGE_EXTENSIONS = extensionsOf(MediaKind.IMAGE);
    static final Set<String> VIDEO_EXTENSIONS = extensionsOf(MediaKind.VIDEO);

    private MediaFiles() {}

    /** One input: the file and the path its output takes under the output folder. */
    record Input(Path file, Path relative, long bytes) {
        boolean isVideo() {
            return VIDEO_EXTENSIONS.contains(extension(file));
        }
    }

    /** The inputs found, and the paths given that are neither a file nor a folder. */
    record Found(List<Input> inputs, List<Path> missing) {}

    static Found collect(List<Path> paths, Path outDir) throws IOException {
        Path out = outDir.toAbsolutePath().normalize();
        Map<Path, Input> inputs = new LinkedHashMap<>();
        List<Path> missing = new ArrayList<>();
        for (Path path : paths) {
            Path absolute = path.toAbsolutePath().normalize();
            Path under = paths.size() > 1 && absolute.getFileName() != null ? absolute.getFileName() : Path.of("");
            if (Files.isDirectory(absolute)) {
                try (Stream<Path> walk = Files.walk(absolute)) {
                    for (Path file : walk.filter(Files::isRegularFile).sorted().toList()) {
                        boolean inOutput = !out.equals(absolute) && file.startsWith(out);
                        if (!inOutput && isMedia(file) && !isHidden(absolute.relativize(file)) && !besideItsInput(file)) {
                            inputs.putIfAbsent(file, new Input(file, under.resolve(absolute.relativize(file)), Files.size(file)));
                        }
                    }
                }
            } else if (Files.isRegularFile(absolute)) {
                inputs.putIfAbsent(absolute, new Input(absolute, absolute.getFileName(), Files.size(absolute)));
            } else {
                missing.add(path);
            }
        }
        Map<Path, Input> byOutput = new LinkedHashMap<>();
        for (Input input : inputs.values()) {
            Input other = byOutput.putIfAbsent(input.relative(), input);
            if (other != null) {
                throw new IOException("Two inputs would share the output " + input.relative() + ": " + other.file()
                        + " and " + input.file() + "; optimize them in separate runs");
            }
        }
        return new Found(new ArrayList<>(inputs.values()), List.copyOf(missing));
    }

    /** The output already written for this input by an earlier run, if any. */
    static Optional<Path> existingOutput(Input input, Path outDir) throws IOException {
        Path dir = outDir.resolve(input.relative()).getParent();
        if (dir == null || !Files.isDirectory(dir)) return Optional.empty();
        String prefix = input.relative().getFileName() + ".";
        try (Stream<Path> siblings = Files.list(dir)) {
            return siblings.filter(p -> {
                String name = p.getFileName().toString();
                return name.startsWith(prefix) && name.length() > prefix.length()
                        && name.indexOf('.', prefix.length()) < 0 && Files.isRegularFile(p);
            }).findFirst();
        }
    }

    /** Where the output of {@code input} goes once its extension is known. */
    static Path target(Input input, Path outDir, String extension) {
        return outDir.resolve(input.relative().toString() + "." + extension);
    }

    static String extension(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }

    private static Set<String> extensionsOf(MediaKind kind) {
        return Arrays.stream(MediaFormat.values()).filter(f -> f.kind() == kind)
                .flatMap(f -> f.extensions().stream()).collect(Collectors.toUnmodifiableSet());
    }

    private static boolean isMedia(Path file) {
        String ext = extension(file);
        return IMAGE_EXTENSIONS.contains(ext) || VIDEO_EXTENSIONS.contains(ext);
    }

    private static boolean besideItsInput(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 && isMedia(file.resolveSibling(name.substring(0, dot)))
                && Files.isRegularFile(file.resolveSibling(name.substring(0, dot)));
    }

    private static boolean isHidden(Path relative) {
        for (Path part : relative) if (part.toString().startsWith(".")) return true;
        return false;
    }
}
