package io.mediaopt.logs;

/** How log lines are written to standard output: for people, or one JSON object per line. */
public enum LogFormat {
    TEXT, JSON
}
