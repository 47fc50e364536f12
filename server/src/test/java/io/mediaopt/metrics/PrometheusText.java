package io.mediaopt.metrics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A strict reader of the Prometheus text exposition format 0.0.4: every line must be a HELP,
 * TYPE or comment line or a well-formed sample of a family whose TYPE came first, and every
 * histogram's buckets must be cumulative up to a +Inf bucket equal to its count. Anything else
 * is an {@link IllegalArgumentException} naming the line.
 */
public final class PrometheusText {
    private static final String NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
    private static final Pattern TYPE = Pattern.compile("# TYPE (" + NAME + ") (counter|gauge|histogram|summary|untyped)");
    private static final Pattern HELP = Pattern.compile("# HELP (" + NAME + ") .*");
    private static final Pattern SAMPLE = Pattern.compile(
            "(" + NAME + ")(?:\\{(.*)})? (\\S+)(?: (-?\\d+))?");
    private static final Pattern LABEL = Pattern.compile(
            "([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\\\n]|\\\\[\\\\\"n])*)\"(,|$)");
    private static final Set<String> SUFFIXES = Set.of("_bucket", "_count", "_sum", "_total", "_created", "_max");

    record Sample(String name, Map<String, String> labels, double value) {}

    private final List<Sample> samples;

    private PrometheusText(List<Sample> samples) {
        this.samples = samples;
    }

    public static PrometheusText parse(String text) {
        if (!text.endsWith("\n")) throw new IllegalArgumentException("the exposition must end with a line feed");
        Map<String, String> types = new HashMap<>();
        List<Sample> samples = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.isEmpty()) continue;
            Matcher type = TYPE.matcher(line);
            if (type.matches()) {
                if (types.put(type.group(1), type.group(2)) != null) throw bad("second TYPE for a family", line);
                continue;
            }
            if (line.startsWith("# HELP") && !HELP.matcher(line).matches()) throw bad("malformed HELP", line);
            if (line.startsWith("#")) continue;
            Sample sample = sample(line);
            if (familyType(sample.name(), types).isEmpty()) throw bad("sample before its family's TYPE", line);
            samples.add(sample);
        }
        PrometheusText parsed = new PrometheusText(samples);
        types.forEach((family, t) -> {
            if (t.equals("histogram")) parsed.checkHistogram(family);
        });
        return parsed;
    }

    /** The value of the one sample with this name and exactly these labels, if present. */
    public Optional<Double> value(String name, Map<String, String> labels) {
        return samples.stream().filter(s -> s.name().equals(name) && s.labels().equals(labels))
                .map(Sample::value).findFirst();
    }

    /** The sum over every sample of the name whose labels include {@code labels}. */
    double sum(String name, Map<String, String> labels) {
        return samples.stream().filter(s -> s.name().equals(name) && s.labels().entrySet().containsAll(labels.entrySet()))
                .mapToDouble(Sample::value).sum();
    }

    boolean has(String name) {
        return samples.stream().anyMatch(s -> s.name().equals(name));
    }

    private static Sample sample(String line) {
        Matcher m = SAMPLE.matcher(line);
        if (!m.matches()) throw bad("malformed sample", line);
        Map<String, String> labels = new LinkedHashMap<>();
        String body = m.group(2);
        if (body != null && !body.isEmpty()) {
            Matcher label = LABEL.matcher(body);
            int at = 0;
            while (at < body.length()) {
                if (!label.find(at) || label.start() != at) throw bad("malformed labels", line);
                if (labels.put(label.group(1), label.group(2)) != null) throw bad("repeated label", line);
                at = label.end();
            }
        }
        return new Sample(m.group(1), Map.copyOf(labels), number(m.group(3), line));
    }

    private static double number(String text, String line) {
        return switch (text) {
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            case "NaN" -> Double.NaN;
            default -> {
                try {
                    yield Double.parseDouble(text);
                } catch (NumberFormatException e) {
                    throw bad("value is not a number", line);
                }
            }
        };
    }

    private static Optional<String> familyType(String name, Map<String, String> types) {
        if (types.containsKey(name)) return Optional.of(types.get(name));
        for (String suffix : SUFFIXES) {
            if (name.endsWith(suffix)) {
                String family = name.substring(0, name.length() - suffix.length());
                if (types.containsKey(family)) return Optional.of(types.get(family));
            }
        }
        return Optional.empty();
    }

    /** Per series: buckets never decrease as le grows, and the +Inf bucket equals _count. */
    private void checkHistogram(String family) {
        Map<Map<String, String>, List<Sample>> series = new HashMap<>();
        for (Sample s : samples) {
            if (!s.name().equals(family + "_bucket")) continue;
            if (!s.labels().containsKey("le")) throw new IllegalArgumentException(family + ": bucket without le");
            Map<String, String> key = new HashMap<>(s.labels());
            key.remove("le");
            series.computeIfAbsent(Map.copyOf(key), k -> new ArrayList<>()).add(s);
        }
        series.forEach((labels, buckets) -> {
            buckets.sort((a, b) -> Double.compare(number(a.labels().get("le"), family), number(b.labels().get("le"), family)));
            for (int i = 1; i < buckets.size(); i++) {
                if (buckets.get(i).value() < buckets.get(i - 1).value()) {
                    throw new IllegalArgumentException(family + labels + ": buckets are not cumulative");
                }
            }
            Sample last = buckets.getLast();
            double count = value(family + "_count", labels).orElseThrow(
                    () -> new IllegalArgumentException(family + labels + ": no _count"));
            if (!"+Inf".equals(last.labels().get("le")) || last.value() != count) {
                throw new IllegalArgumentException(family + labels + ": the +Inf bucket must equal _count");
            }
        });
    }

    private static IllegalArgumentException bad(String why, String line) {
        return new IllegalArgumentException(why + ": " + line);
    }
}
