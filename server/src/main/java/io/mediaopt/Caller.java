package io.mediaopt;

/**
 * Who asks: with API keys on, the name of the key the request presented, which owns the jobs it
 * submits and alone sees them; with keys off, {@link #ANYONE}, who owns nothing and sees every job.
 */
public record Caller(String keyName) {
    public static final Caller ANYONE = new Caller(null);

    public static Caller withKey(String keyName) {
        if (keyName == null) throw new IllegalArgumentException("A key's caller needs the key's name");
        return new Caller(keyName);
    }

    /** Whether this caller may see what the key {@code owner} submitted: it is that key, or keys are off. */
    public boolean sees(String owner) {
        return keyName == null || keyName.equals(owner);
    }
}
