package io.mediaopt.image.vips;

/**
 * How a lossy encoder keeps a picture's colour. Halved, the encoders' default (4:2:0), one colour
 * sample serves four pixels; where two saturated colours meet, the pixels along the edge then get
 * the other side's colour too, and since such colours differ in lightness, the edge gets a dark or
 * light fringe. Kept, AVIF and JPEG store every colour sample (4:4:4); lossy WebP, which can only
 * halve, converts with sharp YUV instead: its halved colour is chosen so that the pixels come back
 * right, fringes included.
 */
public enum Chroma {
    HALVED,
    KEPT
}
