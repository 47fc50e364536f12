package io.mediaopt.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a command line written in POSIX shell quoting (plain words, 'single', "double" and
 * backslash escapes), the form the server logs its ffmpeg commands in.
 */
final class ShellWords {
    private ShellWords() {}

    static List<String> split(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\'') {
                int end = line.indexOf('\'', i + 1);
                if (end < 0) throw new IllegalArgumentException("Expected a closing ' in " + line);
                word.append(line, i + 1, end);
                i = end;
                inWord = true;
            } else if (c == '"') {
                i = readDoubleQuoted(line, i + 1, word);
                inWord = true;
            } else if (c == '\\' && i + 1 < line.length()) {
                word.append(line.charAt(++i));
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) words.add(word.toString());
                word.setLength(0);
                inWord = false;
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) words.add(word.toString());
        return words;
    }

    /** Reads up to the closing quote; returns its index. */
    private static int readDoubleQuoted(String line, int from, StringBuilder word) {
        for (int i = from; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') return i;
            if (c == '\\' && i + 1 < line.length() && "\"\\$`".indexOf(line.charAt(i + 1)) >= 0) c = line.charAt(++i);
            word.append(c);
        }
        throw new IllegalArgumentException("Expected a closing \" in " + line);
    }
}
