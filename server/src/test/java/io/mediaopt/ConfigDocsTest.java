package io.mediaopt;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/configuration.md is the one place settings are described: its tables of server settings
 * (the columns "variable | default | meaning") list exactly the variables {@link Config} reads,
 * and the variables the launch scripts read are named there too.
 */
class ConfigDocsTest {
    private static final String DOCUMENT = "docs/configuration.md";
    private static final List<String> SETTINGS_COLUMNS = List.of("variable", "default", "meaning");
    private static final Pattern NAME = Pattern.compile("`([A-Z][A-Z0-9_]*)`");
    private static final Pattern SCRIPT_VARIABLE = Pattern.compile("\\b(?:MEDIAOPT|MALLOC)_[A-Z0-9_]*[A-Z0-9]");
    /** The variables container-check.sh reads are described with it, in docs/operations.md. */
    private static final Set<String> SCRIPTS_DOCUMENTED_ELSEWHERE = Set.of("container-check.sh");

    @Test
    void theSettingsTablesListExactlyTheVariablesConfigReads() throws IOException {
        Set<String> documented = documentedSettings(Files.readAllLines(repository().resolve(DOCUMENT)));

        assertThat(documented).as("variables in the settings tables of %s", DOCUMENT)
                .containsExactlyInAnyOrderElementsOf(variablesConfigReads());
    }

    @Test
    void everyVariableTheLaunchScriptsReadIsNamedInTheDocument() throws IOException {
        Path repo = repository();
        String document = Files.readString(repo.resolve(DOCUMENT));
        Set<String> read = new TreeSet<>();
        List<Path> scripts;
        try (Stream<Path> files = Files.list(repo.resolve("scripts"))) {
            scripts = Stream.concat(files.filter(f -> f.toString().endsWith(".sh"))
                            .filter(f -> !SCRIPTS_DOCUMENTED_ELSEWHERE.contains(f.getFileName().toString())),
                    Stream.of("run.sh", "test.sh", "mediaopt").map(repo::resolve)).toList();
        }
        for (Path script : scripts) {
            Matcher m = SCRIPT_VARIABLE.matcher(Files.readString(script));
            while (m.find()) read.add(m.group());
        }

        assertThat(read).as("variables of the launch scripts").contains("MEDIAOPT_JAVA_OPTS", "MEDIAOPT_LIBVIPS");
        assertThat(read).as("variables of the launch scripts that %s does not name", DOCUMENT)
                .allMatch(name -> document.contains("`" + name + "`"));
    }

    @Test
    void readsEveryNameOfTheFirstColumnOfSettingsTablesOnly() {
        List<String> markdown = List.of(
                "| variable | default in run.sh | why |", "|---|---|---|", "| `NOT_A_SETTING` | x | y |", "",
                "| variable | default | meaning |", "|---|---|---|", "| `PORT` | `8080` | the port, not `SERVICE_HOST` |",
                "| `SERVICE_A`, `SERVICE_B` | unset | both |", "", "| `AFTER` | the table ended |");

        assertThat(documentedSettings(markdown)).containsExactlyInAnyOrder("PORT", "SERVICE_A", "SERVICE_B");
    }

    /**
     * Every name {@link Config#fromEnvironment} asks for, over environments that reach each
     * variable read only when another is set (object storage, callbacks).
     */
    private static Set<String> variablesConfigReads() {
        Set<String> read = new TreeSet<>();
        List<Map<String, String>> environments = List.of(
                Map.of(),
                Map.of("SERVICE_OBJECT_BUCKET", "media"),
                Map.of("SERVICE_WEBHOOK_URL", "https://hooks.example.com/mediaopt",
                        "SERVICE_WEBHOOK_SECRET", "a-secret-of-sixteen-or-more"));
        for (Map<String, String> environment : environments) {
            Map<String, String> recording = new HashMap<>(environment) {
                @Override
                public String get(Object key) {
                    read.add((String) key);
                    return super.get(key);
                }
            };
            try {
                Config.fromEnvironment(recording);
            } catch (Config.ConfigException ignored) {
                // the names read so far are what counts
            }
        }
        assertThat(read).as("names Config reads").contains("PORT", "SERVICE_OBJECT_REGION", "SERVICE_WEBHOOK_TIMEOUT_MS");
        return read;
    }

    /** The backquoted names in the first column of every table whose columns are variable, default, meaning. */
    static Set<String> documentedSettings(List<String> lines) {
        Set<String> names = new TreeSet<>();
        boolean inSettingsTable = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (!line.startsWith("|")) {
                inSettingsTable = false;
            } else if (!inSettingsTable && cells(line).equals(SETTINGS_COLUMNS)) {
                inSettingsTable = true;
                i++; // the |---| line
            } else if (inSettingsTable) {
                Matcher m = NAME.matcher(cells(line).getFirst());
                while (m.find()) names.add(m.group(1));
            }
        }
        return names;
    }

    private static List<String> cells(String row) {
        String inner = row.strip().replaceAll("^\\||\\|$", "");
        return Arrays.stream(inner.split("\\|")).map(String::strip).toList();
    }

    /** The repository root, from wherever the build runs the tests. */
    private static Path repository() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve(DOCUMENT)) && Files.isDirectory(dir.resolve("server"))) return dir;
        }
        throw new IllegalStateException(DOCUMENT + " not found above " + Path.of("").toAbsolutePath());
    }
}
