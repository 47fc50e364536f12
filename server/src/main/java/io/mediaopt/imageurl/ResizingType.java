package io.mediaopt.imageurl;

import io.mediaopt.ServiceException;

import java.util.Locale;

/** imgproxy's resizing types: how the picture meets the asked width and height. */
public enum ResizingType {
    /** Inside the box, the aspect kept. */
    FIT,
    /** Covers the box, the aspect kept, then cropped to it at the gravity. */
    FILL,
    /** As fill, but never larger than the source: the box shrinks in proportion instead. */
    FILL_DOWN,
    /** Exactly the box, the aspect not kept. */
    FORCE,
    /** Fill when source and box are both portrait or both landscape, fit otherwise. */
    AUTO;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    static ResizingType parse(String value) {
        for (ResizingType type : values()) {
            if (type.wireName().equals(value)) return type;
        }
        throw ServiceException.invalidInput("Expected a resizing type of fit, fill, fill-down, force or auto but "
                + "received \"" + value + "\"");
    }
}
