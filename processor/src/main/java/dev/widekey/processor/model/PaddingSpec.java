package dev.widekey.processor.model;

import javax.lang.model.element.AnnotationMirror;

/** An {@code @Padded} annotation as written. */
public record PaddingSpec(int width, boolean signed, AnnotationMirror mirror) {}
