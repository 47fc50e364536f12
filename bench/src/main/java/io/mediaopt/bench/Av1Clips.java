package io.mediaopt.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The AV1 bench's clips, made by ffmpeg from real photographs and screenshots of Debian
 * packages (bench/corpus-fetch.sh --bench): slow pans and zooms with light temporal grain, a scrolled
 * screen of real UI text, a portrait moving slightly, a dark scene and heavy grain. Each is
 * {@link #SECONDS} s at 24 fps and 1280x720, stored losslessly (x264 at QP 0) so the judges
 * compare against exactly what the encoders were given. 720p keeps the whole sweep to minutes
 * on 2 cores; the 1080p cost is measured by one encode of its own ({@link Av1Bench}).
 */
record Av1Clips(String name, String picture, String filters) {
    static final int SECONDS = 10;
    static final int WIDTH = 1280;
    static final int HEIGHT = 720;
    private static final String CROP = "crop=" + WIDTH + ":" + HEIGHT;

    static final List<Av1Clips> ALL = List.of(
            new Av1Clips("pan-grain", "photo-mate-Garden.jpg",
                    "scale=1680:-2," + CROP + ":x='20+t*30':y='120+t*6',noise=alls=4:allf=t"),
            new Av1Clips("zoom-grain", "photo-mate-LadyBird.jpg",
                    "scale=w='2*trunc((1400+30*t)/2)':h=-2:eval=frame," + CROP + ",noise=alls=4:allf=t"),
            new Av1Clips("screen-scroll", "screenshot-gnome-shell-appts.png",
                    "pad=" + WIDTH + ":ih+720:(ow-iw)/2:0:0xdedede," + CROP + ":x=0:y='min(t*40,ih-" + HEIGHT + ")'"),
            new Av1Clips("talking-head", "photo-skimage-astronaut.png",
                    "scale=1320:1320," + CROP + ":x='20+14*sin(t*1.3)':y='150+10*sin(t*2.1)',noise=alls=3:allf=t"),
            new Av1Clips("dark-scene", "photo-mate-Storm.jpg",
                    "scale=1400:-2," + CROP + ":x='t*10':y=200,curves=all='0/0 0.5/0.10 1/0.30',noise=alls=6:allf=t"),
            new Av1Clips("heavy-grain", "photo-mate-Elephants.jpg",
                    "scale=1440:-2," + CROP + ":x='t*12':y='t*4',noise=alls=22:allf=t"));

    /** The first clip at 1920x1080, for the memory and time of one full-HD encode. */
    static final Av1Clips FULL_HD = new Av1Clips("pan-grain-1080p", "photo-mate-Garden.jpg",
            "scale=2240:-2,crop=1920:1080:x='20+t*30':y='120+t*6',noise=alls=4:allf=t");

    /** The clip made once into {@code dir} from the photograph in {@code corpus}. */
    Path make(Path corpus, Path dir) {
        Path clip = dir.resolve(name + ".mkv");
        if (Files.exists(clip)) return clip;
        Path partial = dir.resolve(name + ".partial.mkv");
        Command.of("nice", "-n", "10", "ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
                "-loop", "1", "-framerate", "24", "-t", Integer.toString(SECONDS), "-i", corpus.resolve(picture).toString(),
                "-vf", filters + ",format=yuv420p", "-c:v", "libx264", "-preset", "ultrafast", "-qp", "0",
                partial.toString()).run(dir, Duration.ofMinutes(5));
        try {
            return Files.move(partial, clip);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
