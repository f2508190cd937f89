# Prints the XML document on stdin as Python's ElementTree (expat) reads it, as JSON: each element's
# tag, attributes and children. An independent judge of the XML Crate writes; a file that is not
# well-formed fails here with expat's message.
import json, sys
import xml.etree.ElementTree as ET

def tree(element):
    return {"tag": element.tag, "attributes": dict(element.attrib), "children": [tree(child) for child in element]}

print(json.dumps(tree(ET.fromstring(sys.stdin.buffer.read())), ensure_ascii=False))
