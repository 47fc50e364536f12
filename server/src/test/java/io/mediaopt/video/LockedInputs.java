package io.mediaopt.video;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/** Reads an ffmpeg argument list input by input, to check that each one opens with its lockdown. */
public final class LockedInputs {
    private LockedInputs() {}

    /**
     * Asserts that every {@code -i} of {@code command} is preceded, right after the opening or the
     * previous input, by the options of an {@link InputLockdown}, and that {@code upload} is only
     * ever opened under {@link InputLockdown#MEDIA_FILE}; returns the lockdown of each input.
     */
    public static List<InputLockdown> assertEveryInputLockedDown(List<String> command, String upload) {
        assertThat(command.subList(1, 6)).as("the opening of %s", command)
                .containsExactly("-nostdin", "-hide_banner", "-loglevel", "error", "-y");
        List<InputLockdown> lockdowns = new ArrayList<>();
        int start = 6;
        for (int i = start; i < command.size(); i++) {
            if (!command.get(i).equals("-i")) continue;
            List<String> options = command.subList(start, i);
            String url = command.get(i + 1);
            InputLockdown lockdown = Arrays.stream(InputLockdown.values())
                    .filter(l -> options.size() >= l.options().size()
                            && options.subList(0, l.options().size()).equals(l.options()))
                    .findFirst()
                    .orElseGet(() -> fail("input %s opens without a lockdown: %s in %s", url, options, command));
            if (url.equals(upload)) {
                assertThat(lockdown).as("the upload's lockdown in %s", command).isEqualTo(InputLockdown.MEDIA_FILE);
            }
            lockdowns.add(lockdown);
            start = i + 2;
        }
        assertThat(command.stream().filter("-protocol_whitelist"::equals).count())
                .as("a whitelist for each input and none elsewhere in %s", command).isEqualTo(lockdowns.size());
        assertThat(lockdowns).as("inputs of %s", command).isNotEmpty();
        return lockdowns;
    }
}
