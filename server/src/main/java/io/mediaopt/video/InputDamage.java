package io.mediaopt.video;

import java.util.List;

/**
 * Tells from ffmpeg's stderr whether a run stopped because of its input (a file that ends before
 * its index says, or bytes no demuxer or decoder can read) rather than because of the encoder.
 * An upload cut short after a fast-start index is read happily up to the cut, so only ffmpeg's
 * own words say that the input, not the encoding, failed.
 */
final class InputDamage {
    /** What ffmpeg's demuxers and decoders print on damaged input (ffmpeg 5.1 to 7). */
    private static final List<String> MARKS = List.of(
            "partial file",                                // mov: a sample lies beyond the end of the file
            "after EOF",                                   // "Cannot determine format of input stream ... after EOF"
            "Invalid data found when processing input",    // a demuxer or decoder found no valid data
            "moov atom not found",                         // mov: the index never arrived
            "Error splitting the input into NAL units");   // h264/hevc: a cut or corrupt access unit

    private InputDamage() {}

    static boolean reportedIn(String stderr) {
        return MARKS.stream().anyMatch(stderr::contains);
    }
}
