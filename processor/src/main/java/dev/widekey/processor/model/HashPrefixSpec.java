package dev.widekey.processor.model;

import dev.widekey.annotations.HashAlgorithm;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;

/**
 * A {@code @HashPrefix} annotation as written, on a component or on the entity type.
 *
 * @param on the element carrying it
 */
public record HashPrefixSpec(
    int length, HashAlgorithm algorithm, int partitions, Element on, AnnotationMirror mirror) {}
