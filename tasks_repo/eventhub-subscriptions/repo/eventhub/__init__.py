"""eventhub: an in-process event bus for a web shop: handlers subscribe to event names."""
