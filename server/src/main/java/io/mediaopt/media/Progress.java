package io.mediaopt.media;

/**
 * Where an optimizer reports how far it has got, in percent (0 to 100). Reports may come from
 * any thread, often and out of order; the receiver keeps them cheap and forward-only.
 */
@FunctionalInterface
public interface Progress {
    Progress IGNORED = percent -> { };

    void reached(int percent);
}
